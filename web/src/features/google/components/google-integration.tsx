import type { GoogleStatus } from '@relate/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { CalendarDaysIcon, InfoIcon, LinkIcon, UnlinkIcon, UsersRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatNumber } from '@/lib/format';
import { openGooglePopup } from '@/lib/google-popup';
import { invalidateKeys } from '@/lib/query';
import { toast } from '@/lib/toast';
import {
  calendarReviewQuery,
  getGoogleConnectUrl,
  googleReviewQuery,
  useDisconnectGoogle,
  useGoogleStatus,
  useSyncGoogleCalendar,
  useSyncGoogleContacts,
} from '../api/google-api';
import { googleKeys } from '../api/keys';
import { CalendarReviewDialog } from './calendar-review-dialog';
import { ContactDeletesSetting } from './contact-deletes-setting';
import { ContactsReviewDialog } from './contacts-review-dialog';
import { SyncCard } from './sync-card';

/** The other features' caches a sync refreshes: their keys, passed in where the features are composed. */
export interface GoogleRefreshes {
  contacts?: readonly QueryKey[];
  calendar?: readonly QueryKey[];
}

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

function ContactsCard({ google, refreshes }: { google: GoogleStatus; refreshes?: readonly QueryKey[] }) {
  const queryClient = useQueryClient();
  const sync = useSyncGoogleContacts(refreshes);
  return (
    <SyncCard
      noun="contacts"
      title="Google Contacts"
      icon={UsersRoundIcon}
      intro="Preview what Google has, then choose what to bring over."
      syncedAt={google.contacts_synced_at}
      runningOnServer={google.contacts_sync_running}
      lastError={google.contacts_last_error}
      pendingReview={google.contacts_pending_review}
      sync={sync}
      describe={(result) =>
        `Added ${formatNumber(result.created)}, updated ${formatNumber(result.updated)}, sent ${formatNumber(result.pushed)} to Google.`
      }
      leftOut={({ warnings }) =>
        warnings.length > 0
          ? {
              title: `Google contacts: ${formatCount(warnings.length, 'value', 'values')} left out`,
              description: warnings
                .map((entry) => `${entry.name ?? 'A contact'}: ${entry.warning}.`)
                .join(' '),
            }
          : undefined
      }
      loadReview={() => queryClient.fetchQuery(googleReviewQuery())}
      dialog={(props) => <ContactsReviewDialog {...props} refreshes={refreshes} />}
    />
  );
}

function CalendarCard({ google, refreshes }: { google: GoogleStatus; refreshes?: readonly QueryKey[] }) {
  const queryClient = useQueryClient();
  const sync = useSyncGoogleCalendar(refreshes);
  return (
    <SyncCard
      noun="calendar"
      title="Google Calendar"
      icon={CalendarDaysIcon}
      intro="Preview the events in your Google Calendar, then choose what to bring over. Events with “Sync with Google Calendar” ticked are sent to Google."
      syncedAt={google.calendar_synced_at}
      runningOnServer={google.calendar_sync_running}
      lastError={google.calendar_last_error}
      pendingReview={google.calendar_pending_review}
      sync={sync}
      describe={(result) =>
        `Added ${formatNumber(result.created)}, updated ${formatNumber(result.updated)}${
          result.deleted ? `, deleted ${formatNumber(result.deleted)}` : ''
        }, sent ${formatNumber(result.pushed)} to Google.`
      }
      leftOut={({ errors }) =>
        errors.length > 0
          ? {
              title: `Google calendar: ${formatCount(errors.length, 'event', 'events')} skipped`,
              description: errors.map((entry) => `“${entry.title}”: ${entry.error}.`).join(' '),
            }
          : undefined
      }
      loadReview={() => queryClient.fetchQuery(calendarReviewQuery())}
      dialog={(props) => <CalendarReviewDialog {...props} refreshes={refreshes} />}
    />
  );
}

/** Settings → Google Integration (Contacts & Calendar). */
export function GoogleIntegration({ refreshes = {} }: { refreshes?: GoogleRefreshes }) {
  const queryClient = useQueryClient();
  const status = useGoogleStatus();
  const disconnect = useDisconnectGoogle();
  const [connecting, setConnecting] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);

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
      await invalidateKeys(queryClient, [googleKeys.all]);
    }
  };

  if (!google.has_google_account) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LinkIcon className="size-4" /> Connect your Google account
          </CardTitle>
          <CardDescription>
            Bring your Google Contacts and Google Calendar into Relate and keep both sides up to date. You
            review what comes from Google before it is applied. Contacts you create in Relate stay in Relate
            unless you add them to Google; events go to Google when “Sync with Google Calendar” is ticked.
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

      <ContactsCard google={google} refreshes={refreshes.contacts} />
      <ContactDeletesSetting google={google} />
      <CalendarCard google={google} refreshes={refreshes.calendar} />

      <ConfirmDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title="Disconnect Google?"
        description="Relate stops syncing with this Google account and forgets its access. Your contacts and events stay in Relate."
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
