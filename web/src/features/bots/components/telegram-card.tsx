import { zodResolver } from '@hookform/resolvers/zod';
import { type BotStatus, TelegramConnectBodySchema, type TelegramLink } from '@relate/contracts';
import { ExternalLinkIcon, Loader2Icon, QrCodeIcon, SendIcon } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useConnectTelegram, useCreateTelegramLink, useDisconnectTelegram } from '../api/bots-api';
import { Connected, LinkBadge, NotConfigured, reason } from './bot-parts';

const TelegramIdSchema = TelegramConnectBodySchema.pick({ telegram_id: true });

/** The Telegram Bot card: a deep link (QR code) or a typed ID, then the linked account. */
export function TelegramCard({
  status,
  link,
  onLink,
}: {
  status: BotStatus['telegram'];
  link: TelegramLink | null;
  onLink: (link: TelegramLink | null) => void;
}) {
  const disconnect = useDisconnectTelegram();
  return (
    <Card data-testid="telegram-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SendIcon className="size-4" /> Telegram Bot
          <LinkBadge linked={Boolean(status.linked)} pending={status.pending && 'Waiting for confirmation'} />
        </CardTitle>
        <CardDescription>
          Get notifications, event reminders and tasks due in Telegram, and act on them from the chat.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!status.configured ? (
          <NotConfigured platform="Telegram" />
        ) : status.linked ? (
          <>
            <Connected
              label={status.linked.name ?? `Telegram ${status.linked.telegram_id}`}
              detail={`Telegram ID ${status.linked.telegram_id}${status.bot_username ? ` · chat with @${status.bot_username}` : ''}`}
              busy={disconnect.isPending}
              onDisconnect={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => toast.success('Telegram account disconnected'),
                  onError: (error) =>
                    toast.error('Failed to disconnect Telegram account', { description: reason(error) }),
                })
              }
            />
            {status.transferred_from && (
              <p className="text-sm text-muted-foreground">
                This Telegram account was moved here from {status.transferred_from}.
              </p>
            )}
          </>
        ) : (
          <>
            {link ? (
              <DeepLink link={link} onCancel={() => onLink(null)} />
            ) : (
              <OpenLinkButton onLink={onLink} />
            )}
            {status.pending && (
              <div className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
                <Loader2Icon className="mt-0.5 size-4 shrink-0 animate-spin" />
                <span data-testid="telegram-pending">
                  We asked Telegram account {status.pending.telegram_id} to confirm. Open the chat with
                  {status.bot_username ? ` @${status.bot_username}` : ' the bot'} and press{' '}
                  <strong>Yes, link it</strong>.
                </span>
              </div>
            )}
            <TelegramIdForm />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function OpenLinkButton({ onLink }: { onLink: (link: TelegramLink) => void }) {
  const createLink = useCreateTelegramLink();
  return (
    <Button
      onClick={() =>
        createLink.mutate(undefined, {
          onSuccess: onLink,
          onError: (error) =>
            toast.error('Failed to connect Telegram account', { description: reason(error) }),
        })
      }
      disabled={createLink.isPending}
      className="justify-self-start"
    >
      <QrCodeIcon />
      Connect with Telegram
    </Button>
  );
}

function DeepLink({ link, onCancel }: { link: TelegramLink; onCancel: () => void }) {
  return (
    <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="mx-auto rounded-lg bg-white p-3" data-testid="telegram-qr">
        <QRCodeSVG value={link.url} size={148} marginSize={0} title="QR code of the Telegram link" />
      </div>
      <div className="grid gap-3">
        <p className="text-sm">
          Scan the code with your phone or open the link, then press <strong>Start</strong> in Telegram. This
          card updates by itself once you do.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <a href={link.url} target="_blank" rel="noreferrer" data-testid="telegram-link">
              <ExternalLinkIcon />
              Open Telegram
            </a>
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Loader2Icon className="size-3 animate-spin" /> Waiting for Telegram · the link works once, for 10
          minutes
        </p>
      </div>
    </div>
  );
}

/** "Or enter your Telegram ID": the bot then asks that account to confirm. */
function TelegramIdForm() {
  const connect = useConnectTelegram();
  const form = useForm({ resolver: zodResolver(TelegramIdSchema), defaultValues: { telegram_id: '' } });
  const submit = form.handleSubmit(({ telegram_id }) =>
    connect.mutate(telegram_id, {
      onSuccess: () => {
        toast.success('Confirm the link in Telegram');
        form.reset();
      },
      onError: (error) => toast.error('Failed to connect Telegram account', { description: reason(error) }),
    }),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate>
        <TextField
          control={form.control}
          name="telegram_id"
          label="Or enter your Telegram ID"
          inputMode="numeric"
          placeholder="e.g. 123456789"
          description="Start a chat with the bot first; it then asks that account to confirm."
          action={
            <Button type="submit" variant="outline" disabled={connect.isPending}>
              Connect
            </Button>
          }
        />
      </form>
    </Form>
  );
}
