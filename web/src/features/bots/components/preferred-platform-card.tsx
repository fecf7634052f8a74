import type { BotStatus } from '@relate/contracts';
import { MessageCircleIcon, SendIcon, StarIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSendTestMessage, useSetPreferredPlatform } from '../api/bots-api';
import { reason } from './bot-parts';

/** Where notifications go when both bots are linked, and a test message to check it. */
export function PreferredPlatformCard({ status }: { status: BotStatus }) {
  const setPreferred = useSetPreferredPlatform();
  const sendTest = useSendTestMessage();
  const options = [
    { value: 'telegram', label: 'Telegram', icon: SendIcon, linked: Boolean(status.telegram.linked) },
    {
      value: 'whatsapp',
      label: 'WhatsApp',
      icon: MessageCircleIcon,
      linked: Boolean(status.whatsapp.linked),
    },
  ] as const;
  const anyLinked = options.some((option) => option.linked);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <StarIcon className="size-4" /> Preferred Platform
        </CardTitle>
        <CardDescription>Where your notifications and reminders go when both are connected.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset aria-label="Preferred platform" className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => {
            const selected = status.preferred_messaging_platform === option.value;
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={selected}
                disabled={setPreferred.isPending}
                onClick={() =>
                  setPreferred.mutate(option.value, {
                    onSuccess: () => toast.success(`Notifications will go to ${option.label}`),
                    onError: (error) =>
                      toast.error('Failed to update preferred platform', { description: reason(error) }),
                  })
                }
                className={cn(
                  'flex items-center gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-accent',
                  selected && 'border-primary bg-primary/5 ring-1 ring-primary',
                )}
              >
                <option.icon className="size-4 shrink-0" />
                <span className="grid">
                  <span className="text-sm font-medium">{option.label}</span>
                  <span className="text-xs text-muted-foreground">
                    {option.linked ? 'Connected' : 'Not connected'}
                  </span>
                </span>
              </button>
            );
          })}
        </fieldset>
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={!anyLinked || sendTest.isPending}
          onClick={() =>
            sendTest.mutate(undefined, {
              onSuccess: (response) => toast.success(response.message),
              onError: (error) =>
                toast.error('Failed to send the test message', { description: reason(error) }),
            })
          }
        >
          <SendIcon />
          Send a test message
        </Button>
      </CardContent>
    </Card>
  );
}
