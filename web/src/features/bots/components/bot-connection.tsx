import type { BotStatus, TelegramLink } from '@relate/contracts';
import {
  CheckCircle2Icon,
  ExternalLinkIcon,
  Loader2Icon,
  MessageCircleIcon,
  QrCodeIcon,
  SendIcon,
  StarIcon,
  TriangleAlertIcon,
  UnplugIcon,
} from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-provider';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import {
  useBotStatus,
  useConnectTelegram,
  useConnectWhatsApp,
  useCreateTelegramLink,
  useDeleteAllTelegramUsers,
  useDisconnectTelegram,
  useDisconnectWhatsApp,
  useSendTestMessage,
  useSetPreferredPlatform,
  useVerifyWhatsApp,
} from '../api/bots-api';

/** The server's own words for a refusal: the field's message when it names one. */
function reason(error: Error): string {
  if (error instanceof ApiError && Array.isArray(error.details)) {
    const first = error.details[0] as { message?: string } | undefined;
    if (first?.message) return first.message;
  }
  return error.message;
}

const WHATSAPP_RECHECK_MS = 5000;

function NotConfigured({ platform }: { platform: string }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>
        The {platform} bot is not configured on this server. An administrator can set it up in the server’s
        environment.
      </span>
    </div>
  );
}

function Connected({
  label,
  detail,
  onDisconnect,
  busy,
}: {
  label: string;
  detail?: string | null;
  onDisconnect: () => void;
  busy: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-success/5 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <CheckCircle2Icon className="size-5 shrink-0 text-success" />
        <div className="grid min-w-0">
          <span className="truncate font-medium" data-testid="bot-linked-as">
            {label}
          </span>
          {detail && <span className="truncate text-sm text-muted-foreground">{detail}</span>}
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onDisconnect} disabled={busy}>
        <UnplugIcon />
        Disconnect
      </Button>
    </div>
  );
}

function TelegramCard({
  status,
  link,
  onLink,
}: {
  status: BotStatus['telegram'];
  link: TelegramLink | null;
  onLink: (link: TelegramLink | null) => void;
}) {
  const [telegramId, setTelegramId] = useState('');
  const createLink = useCreateTelegramLink();
  const connect = useConnectTelegram();
  const disconnect = useDisconnectTelegram();

  const openLink = () =>
    createLink.mutate(undefined, {
      onSuccess: onLink,
      onError: (error) => toast.error('Failed to connect Telegram account', { description: reason(error) }),
    });

  const submitId = (event: FormEvent) => {
    event.preventDefault();
    if (!telegramId.trim()) return void toast.error('Please enter a valid Telegram ID');
    connect.mutate(telegramId.trim(), {
      onSuccess: () => {
        toast.success('Confirm the link in Telegram');
        setTelegramId('');
      },
      onError: (error) => toast.error('Failed to connect Telegram account', { description: reason(error) }),
    });
  };

  return (
    <Card data-testid="telegram-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SendIcon className="size-4" /> Telegram Bot
          {status.linked ? (
            <Badge variant="success">Connected</Badge>
          ) : status.pending ? (
            <Badge variant="warning">Waiting for confirmation</Badge>
          ) : (
            <Badge variant="secondary">Not connected</Badge>
          )}
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
              <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[auto_1fr] sm:items-center">
                <div className="mx-auto rounded-lg bg-white p-3" data-testid="telegram-qr">
                  <QRCodeSVG
                    value={link.url}
                    size={148}
                    marginSize={0}
                    title="QR code of the Telegram link"
                  />
                </div>
                <div className="grid gap-3">
                  <p className="text-sm">
                    Scan the code with your phone or open the link, then press <strong>Start</strong> in
                    Telegram. This card updates by itself once you do.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild>
                      <a href={link.url} target="_blank" rel="noreferrer" data-testid="telegram-link">
                        <ExternalLinkIcon />
                        Open Telegram
                      </a>
                    </Button>
                    <Button variant="ghost" onClick={() => onLink(null)}>
                      Cancel
                    </Button>
                  </div>
                  <p className="flex items-center gap-2 text-xs text-muted-foreground">
                    <Loader2Icon className="size-3 animate-spin" /> Waiting for Telegram · the link works
                    once, for 10 minutes
                  </p>
                </div>
              </div>
            ) : (
              <Button onClick={openLink} disabled={createLink.isPending} className="justify-self-start">
                <QrCodeIcon />
                Connect with Telegram
              </Button>
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
            <form onSubmit={submitId} noValidate className="grid gap-2">
              <Label htmlFor="telegram-id">Or enter your Telegram ID</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="telegram-id"
                  inputMode="numeric"
                  placeholder="e.g. 123456789"
                  value={telegramId}
                  onChange={(event) => setTelegramId(event.target.value)}
                />
                <Button type="submit" variant="outline" disabled={connect.isPending}>
                  Connect
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">
                Start a chat with the bot first; it then asks that account to confirm.
              </p>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function WhatsAppCard({ status, recheck }: { status: BotStatus['whatsapp']; recheck: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const connect = useConnectWhatsApp();
  const verify = useVerifyWhatsApp();
  const disconnect = useDisconnectWhatsApp();

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return void toast.error('Please enter a valid phone number');
    connect.mutate(phone.trim(), {
      onSuccess: () => toast.success('We sent a code to your WhatsApp'),
      onError: (error) => toast.error('Failed to connect WhatsApp account', { description: reason(error) }),
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code.trim(), {
      onSuccess: () => {
        toast.success('WhatsApp account connected');
        setCode('');
        setPhone('');
      },
      onError: (error) => toast.error('Failed to connect WhatsApp account', { description: reason(error) }),
    });
  };

  return (
    <Card data-testid="whatsapp-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircleIcon className="size-4" /> WhatsApp Bot
          {status.linked ? (
            <Badge variant="success">Connected</Badge>
          ) : status.pending ? (
            <Badge variant="warning">Code sent</Badge>
          ) : (
            <Badge variant="secondary">Not connected</Badge>
          )}
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
          <form onSubmit={submitCode} noValidate className="grid gap-2">
            <Label htmlFor="whatsapp-code">
              Enter the 6-digit code sent to +{status.pending.phone_number}
            </Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="whatsapp-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="123456"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                className="font-mono tracking-widest sm:max-w-40"
              />
              <Button type="submit" disabled={verify.isPending || code.length !== 6}>
                Verify
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={connect.isPending}
                onClick={() =>
                  connect.mutate(status.pending!.phone_number, {
                    onSuccess: () => toast.success('We sent a new code to your WhatsApp'),
                    onError: (error) =>
                      toast.error('Failed to connect WhatsApp account', { description: reason(error) }),
                  })
                }
              >
                Send a new code
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              {status.pending.attempts_left} {status.pending.attempts_left === 1 ? 'try' : 'tries'} left · the
              code is valid for 10 minutes
            </p>
          </form>
        ) : (
          <form onSubmit={sendCode} noValidate className="grid gap-2">
            <Label htmlFor="whatsapp-phone">WhatsApp phone number</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="whatsapp-phone"
                type="tel"
                inputMode="tel"
                placeholder="14155550123"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
              <Button type="submit" disabled={connect.isPending}>
                Send code
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">Include the country code, digits only.</p>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function PreferredPlatformCard({ status }: { status: BotStatus }) {
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

function DeleteTelegramUsersCard() {
  const [confirming, setConfirming] = useState(false);
  const deleteAll = useDeleteAllTelegramUsers();
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlertIcon className="size-4" /> Administrator
        </CardTitle>
        <CardDescription>
          Unlink every user’s Telegram account. They can link again afterwards.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" disabled={deleteAll.isPending} onClick={() => setConfirming(true)}>
          Delete All Telegram Users
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete all Telegram users?"
        description="Every Telegram account is unlinked from its Relate user. This cannot be undone."
        confirmLabel="Delete all"
        destructive
        onConfirm={() =>
          deleteAll.mutate(undefined, {
            onSuccess: () => toast.success('All Telegram users deleted successfully!'),
            onError: (error) =>
              toast.error('Failed to delete all Telegram users', { description: reason(error) }),
          })
        }
      />
    </Card>
  );
}

/** Settings → Bot Connection: the Telegram Bot, WhatsApp Bot and Preferred Platform cards. */
export function BotConnection() {
  const { user } = useAuth();
  const [link, setLink] = useState<TelegramLink | null>(null);
  const status = useBotStatus(link !== null);
  const telegramLinked = status.data?.telegram.linked?.telegram_id ?? null;
  const previous = useRef(telegramLinked);

  useEffect(() => {
    if (telegramLinked && previous.current !== telegramLinked && status.data) {
      toast.success('Telegram account connected');
      setLink(null);
    }
    previous.current = telegramLinked;
  }, [telegramLinked, status.data]);

  useEffect(() => {
    if (!link) return;
    const remaining = new Date(link.expires_at).getTime() - Date.now();
    const timer = setTimeout(() => setLink(null), Math.max(0, remaining));
    return () => clearTimeout(timer);
  }, [link]);

  if (status.isPending) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <Card>
        <CardContent className="flex items-center justify-between gap-3 p-6 text-sm">
          <span>Could not load the bot connections.</span>
          <Button variant="outline" size="sm" onClick={() => status.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      <TelegramCard status={status.data.telegram} link={link} onLink={setLink} />
      <WhatsAppCard status={status.data.whatsapp} recheck={() => void status.refetch()} />
      <PreferredPlatformCard status={status.data} />
      {user?.is_admin && <DeleteTelegramUsersCard />}
    </div>
  );
}
