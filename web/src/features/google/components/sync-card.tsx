import type { UseMutationResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { CircleAlertIcon, CloudDownloadIcon, EyeIcon, RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDateTime, pluralWord } from '@/lib/format';
import { toast } from '@/lib/toast';
import { isNotConfigured } from '../api/google-api';

type Item<R extends { items: unknown[] }> = R['items'][number];

interface SyncCardProps<R extends { items: unknown[] }> {
  /** 'contacts' or 'calendar': the spec's toasts say 'Failed to sync Google {noun}'. */
  noun: 'contacts' | 'calendar';
  title: string;
  icon: LucideIcon;
  /** What the card says before the first sync. */
  intro: string;
  syncedAt: string | null;
  /** A sync is under way on the server (the 15-minute job, or another tab). */
  runningOnServer: boolean;
  lastError: string | null;
  pendingReview: number;
  /** GET /auth/google/{noun}: a sync, or with `true` a preview. */
  sync: UseMutationResult<R, Error, boolean>;
  /** The toast's description after a sync. */
  describe: (result: R) => string;
  /** What a sync or preview did not take from Google, with the reasons (a warning toast), if anything. */
  leftOut: (result: R) => { title: string; description: string } | undefined;
  /** The items waiting for review (as stored: Google is not asked again). */
  loadReview: () => Promise<Item<R>[]>;
  dialog: (props: { items: Item<R>[]; open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}

/**
 * One Google sync card of Settings → Google Integration (spec section 2): Sync Status (Synced / Not
 * Synced), when it last synced, why the last sync stopped, how many changes wait for review, and the
 * Preview and Sync buttons; Preview opens the review dialog.
 */
export function SyncCard<R extends { items: unknown[] }>(props: SyncCardProps<R>) {
  const { noun, sync, syncedAt, lastError, pendingReview } = props;
  const [review, setReview] = useState<Item<R>[] | null>(null);
  const running = sync.isPending || props.runningOnServer;
  const titleId = `google-${noun}-title`;

  const runSync = (preview: boolean) =>
    sync.mutate(preview, {
      onSuccess: (result) => {
        const leftOut = props.leftOut(result);
        if (leftOut) toast.warning(leftOut.title, { description: leftOut.description });
        if (preview) {
          setReview(result.items);
          return;
        }
        const waiting = result.items.length;
        toast.success(`Google ${noun} synced`, {
          description: `${props.describe(result)}${
            waiting ? ` ${formatCount(waiting, 'change waits', 'changes wait')} for your review.` : ''
          }`,
        });
      },
      onError: (error) => {
        if (isNotConfigured(error)) return; // the status refetch shows the notice
        toast.error(preview ? `Failed to preview Google ${noun}` : `Failed to sync Google ${noun}`, {
          description: error.message,
        });
      },
    });

  const openReview = async () => {
    try {
      setReview(await props.loadReview());
    } catch (error) {
      toast.error(`Failed to preview Google ${noun}`, { description: (error as Error).message });
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <props.icon className="size-4" /> {props.title}
          </CardTitle>
          <Badge variant={syncedAt ? 'success' : 'secondary'}>{syncedAt ? 'Synced' : 'Not Synced'}</Badge>
        </div>
        <CardDescription>
          {syncedAt
            ? `Last synced ${formatDateTime(syncedAt)}. Relate checks Google every 15 minutes.`
            : props.intro}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {running && (
          <div role="status" className="grid gap-2">
            <p className="text-sm text-muted-foreground">Syncing {noun} with Google...</p>
            <div className="h-1.5 overflow-hidden rounded-full bg-muted">
              <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-primary" />
            </div>
          </div>
        )}
        {lastError && !running && (
          <div
            role="alert"
            className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm"
          >
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" />
            <div className="grid gap-0.5">
              <p className="font-medium text-destructive">The last sync did not finish</p>
              <p className="text-muted-foreground">{lastError}</p>
            </div>
          </div>
        )}
        {pendingReview > 0 && (
          <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p>
              {formatCount(pendingReview, 'change', 'changes')} from Google{' '}
              {pluralWord(pendingReview, 'waits', 'wait')} for your review.
            </p>
            <Button size="sm" variant="secondary" onClick={openReview} disabled={running}>
              Review changes
            </Button>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => runSync(true)} disabled={running}>
            <EyeIcon /> Preview
          </Button>
          <Button onClick={() => runSync(false)} disabled={running}>
            {running ? <RefreshCwIcon className="animate-spin" /> : <CloudDownloadIcon />} Sync
          </Button>
        </div>
      </CardContent>
      {props.dialog({
        items: review ?? [],
        open: review !== null,
        onOpenChange: (open) => !open && setReview(null),
      })}
    </Card>
  );
}
