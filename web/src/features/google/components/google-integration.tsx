import type { ContactReviewItem } from '@relate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  CircleAlertIcon,
  CloudDownloadIcon,
  EyeIcon,
  InfoIcon,
  LinkIcon,
  RefreshCwIcon,
  UnlinkIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { openGooglePopup } from '@/lib/google-popup';
import {
  getGoogleConnectUrl,
  googleKeys,
  googleReviewQuery,
  isNotConfigured,
  useDisconnectGoogle,
  useGoogleStatus,
  useSyncGoogleContacts,
} from '../api/google-api';
import { ContactsReviewDialog } from './contacts-review-dialog';

function NotConfiguredNotice() {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-6" role="status">
        <InfoIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <p className="font-medium">Google OAuth not configured</p>
          <p className="text-sm text-muted-foreground">
            Google sign-in and sync are not set up on this server. An administrator can enable them by setting
            GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Settings → Google Integration (Contacts & Calendar). */
export function GoogleIntegration() {
  const queryClient = useQueryClient();
  const status = useGoogleStatus();
  const disconnect = useDisconnectGoogle();
  const sync = useSyncGoogleContacts();
  const [connecting, setConnecting] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const [review, setReview] = useState<ContactReviewItem[] | null>(null);

  if (status.isPending) return <Skeleton className="h-48 w-full" />;
  if (status.isError) {
    return (
      <p className="text-sm text-destructive">Failed to load the Google connection: {status.error.message}</p>
    );
  }
  const google = status.data;
  if (!google.service_configured) return <NotConfiguredNotice />;

  const connect = async () => {
    setConnecting(true);
    try {
      const { authorization_url } = await getGoogleConnectUrl();
      const outcome = await openGooglePopup(authorization_url);
      if (outcome.type === 'GOOGLE_AUTH_SUCCESS') toast.success('Google account connected');
      else if (outcome.type === 'GOOGLE_AUTH_ERROR')
        toast.error('Failed to connect Google account', { description: outcome.error });
      else if (outcome.type === 'timeout') toast.error('Failed to connect Google account');
    } catch (error) {
      toast.error('Failed to connect Google account', { description: (error as Error).message });
    } finally {
      setConnecting(false);
      await queryClient.invalidateQueries({ queryKey: googleKeys.all });
    }
  };

  const runSync = (preview: boolean) =>
    sync.mutate(preview, {
      onSuccess: (result) => {
        if (preview) {
          setReview(result.items);
          return;
        }
        const waiting = result.items.length;
        toast.success('Google contacts synced', {
          description: `Added ${result.created}, updated ${result.updated}, sent ${result.pushed} to Google.${
            waiting ? ` ${waiting} change${waiting === 1 ? '' : 's'} wait for your review.` : ''
          }`,
        });
      },
      onError: (error) => {
        if (isNotConfigured(error)) return; // the status refetch shows the notice
        toast.error(preview ? 'Failed to preview Google contacts' : 'Failed to sync Google contacts', {
          description: error.message,
        });
      },
    });

  const openReview = async () => {
    try {
      setReview(await queryClient.fetchQuery(googleReviewQuery()));
    } catch (error) {
      toast.error('Failed to preview Google contacts', { description: (error as Error).message });
    }
  };

  const running = sync.isPending || google.contacts_sync_running;

  if (!google.has_google_account) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LinkIcon className="size-4" /> Connect your Google account
          </CardTitle>
          <CardDescription>
            Bring your Google Contacts into Relate and keep both sides up to date. You review every change
            before it is applied; contacts you create in Relate stay in Relate unless you add them to Google.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={connect} disabled={connecting}>
            <LinkIcon /> {connecting ? 'Connecting...' : 'Connect Google'}
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-0.5">
            <p className="flex items-center gap-2 font-medium">
              Google account connected <Badge variant="success">Connected</Badge>
            </p>
            <p className="text-sm text-muted-foreground">{google.google_email}</p>
          </div>
          <Button
            variant="outline"
            onClick={() => setConfirmDisconnect(true)}
            disabled={disconnect.isPending}
          >
            <UnlinkIcon /> Disconnect Google
          </Button>
        </CardContent>
      </Card>

      <Card aria-labelledby="google-contacts-title">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id="google-contacts-title" className="flex items-center gap-2">
              <UsersRoundIcon className="size-4" /> Google Contacts
            </CardTitle>
            <Badge variant={google.contacts_synced_at ? 'success' : 'secondary'}>
              {google.contacts_synced_at ? 'Synced' : 'Not Synced'}
            </Badge>
          </div>
          <CardDescription>
            {google.contacts_synced_at
              ? `Last synced ${formatDateTime(google.contacts_synced_at)}. Relate checks Google every 15 minutes.`
              : 'Preview what Google has, then choose what to bring over.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {running && (
            <div role="status" className="grid gap-2">
              <p className="text-sm text-muted-foreground">Syncing contacts with Google...</p>
              <div className="h-1.5 overflow-hidden rounded-full bg-muted">
                <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-primary" />
              </div>
            </div>
          )}
          {google.contacts_last_error && !running && (
            <div
              role="alert"
              className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm"
            >
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" />
              <div className="grid gap-0.5">
                <p className="font-medium text-destructive">The last sync did not finish</p>
                <p className="text-muted-foreground">{google.contacts_last_error}</p>
              </div>
            </div>
          )}
          {google.contacts_pending_review > 0 && (
            <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <p>
                {google.contacts_pending_review} change{google.contacts_pending_review === 1 ? '' : 's'} from
                Google wait{google.contacts_pending_review === 1 ? 's' : ''} for your review.
              </p>
              <Button size="sm" variant="secondary" onClick={openReview}>
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
      </Card>

      <ContactsReviewDialog
        items={review ?? []}
        open={review !== null}
        onOpenChange={(open) => !open && setReview(null)}
      />
      <ConfirmDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title="Disconnect Google?"
        description="Relate stops syncing with this Google account and forgets its access. Your contacts stay in Relate."
        confirmLabel="Disconnect"
        destructive
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => toast.success('Google account disconnected'),
            onError: (error) =>
              toast.error('Failed to disconnect Google account', { description: error.message }),
          })
        }
      />
    </div>
  );
}
