import { CheckCircle2Icon, TriangleAlertIcon, UnplugIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

/** The server's own words for a refusal: the field's message when it names one. */
export function reason(error: Error): string {
  if (error instanceof ApiError && Array.isArray(error.details)) {
    const first = error.details[0] as { message?: string } | undefined;
    if (first?.message) return first.message;
  }
  return error.message;
}

/** Connected / the pending state's words / Not connected, beside a card's title. */
export function LinkBadge({ linked, pending }: { linked: boolean; pending: ReactNode | null }) {
  if (linked) return <Badge variant="success">Connected</Badge>;
  if (pending) return <Badge variant="warning">{pending}</Badge>;
  return <Badge variant="secondary">Not connected</Badge>;
}

export function NotConfigured({ platform }: { platform: string }) {
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

export function Connected({
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
