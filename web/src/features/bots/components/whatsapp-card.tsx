import { zodResolver } from '@hookform/resolvers/zod';
import { type BotStatus, WhatsAppConnectBodySchema, WhatsAppVerifyBodySchema } from '@relate/contracts';
import { MessageCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { formatCount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useConnectWhatsApp, useDisconnectWhatsApp, useVerifyWhatsApp } from '../api/bots-api';
import { Connected, LinkBadge, NotConfigured, reason } from './bot-parts';

const WHATSAPP_RECHECK_MS = 5000;
const PhoneSchema = WhatsAppConnectBodySchema.pick({ whatsapp_phone_number: true });

const connectFailed = (error: Error) =>
  toast.error('Failed to connect WhatsApp account', { description: reason(error) });

/** The WhatsApp Bot card: a phone number, then the code sent to it, then the linked number. */
export function WhatsAppCard({ status, recheck }: { status: BotStatus['whatsapp']; recheck: () => void }) {
  const disconnect = useDisconnectWhatsApp();
  return (
    <Card data-testid="whatsapp-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircleIcon className="size-4" /> WhatsApp Bot
          <LinkBadge linked={Boolean(status.linked)} pending={status.pending && 'Code sent'} />
        </CardTitle>
        <CardDescription>Receive notifications and reminders on WhatsApp.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!status.configured ? (
          <NotConfigured platform="WhatsApp" />
        ) : status.linked ? (
          <Connected
            label={`+${status.linked.phone_number}`}
            detail="WhatsApp number"
            busy={disconnect.isPending}
            onDisconnect={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => {
                  toast.success('WhatsApp account disconnected');
                  setTimeout(recheck, WHATSAPP_RECHECK_MS);
                },
                onError: (error) =>
                  toast.error('Failed to disconnect WhatsApp account', { description: reason(error) }),
              })
            }
          />
        ) : status.pending ? (
          <CodeForm pending={status.pending} />
        ) : (
          <PhoneForm />
        )}
      </CardContent>
    </Card>
  );
}

function PhoneForm() {
  const connect = useConnectWhatsApp();
  const form = useForm({ resolver: zodResolver(PhoneSchema), defaultValues: { whatsapp_phone_number: '' } });
  const submit = form.handleSubmit(({ whatsapp_phone_number }) =>
    connect.mutate(whatsapp_phone_number, {
      onSuccess: () => toast.success('We sent a code to your WhatsApp'),
      onError: connectFailed,
    }),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate>
        <TextField
          control={form.control}
          name="whatsapp_phone_number"
          label="WhatsApp phone number"
          type="tel"
          inputMode="tel"
          placeholder="14155550123"
          description="Include the country code, digits only."
          action={
            <Button type="submit" disabled={connect.isPending}>
              Send code
            </Button>
          }
        />
      </form>
    </Form>
  );
}

function CodeForm({ pending }: { pending: NonNullable<BotStatus['whatsapp']['pending']> }) {
  const connect = useConnectWhatsApp();
  const verify = useVerifyWhatsApp();
  const form = useForm({ resolver: zodResolver(WhatsAppVerifyBodySchema), defaultValues: { code: '' } });
  const code = form.watch('code');
  const submit = form.handleSubmit((body) =>
    verify.mutate(body.code, {
      onSuccess: () => {
        toast.success('WhatsApp account connected');
        form.reset();
      },
      onError: connectFailed,
    }),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate>
        <TextField
          control={form.control}
          name="code"
          label={`Enter the 6-digit code sent to +${pending.phone_number}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          inputClassName="font-mono tracking-widest sm:max-w-40"
          parse={(typed) => typed.replace(/\D/g, '')}
          description={`${formatCount(pending.attempts_left, 'try', 'tries')} left · the code is valid for 10 minutes`}
          action={
            <>
              <Button type="submit" disabled={verify.isPending || code.length !== 6}>
                Verify
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={connect.isPending}
                onClick={() =>
                  connect.mutate(pending.phone_number, {
                    onSuccess: () => toast.success('We sent a new code to your WhatsApp'),
                    onError: connectFailed,
                  })
                }
              >
                Send a new code
              </Button>
            </>
          }
        />
      </form>
    </Form>
  );
}
