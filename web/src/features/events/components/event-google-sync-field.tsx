import { useFormContext } from 'react-hook-form';
import { CheckboxField } from '@/components/form-fields';
import { GoogleMark } from '@/components/google-mark';
import { useGoogleStatus } from '@/lib/google-status';
import type { EventFormValues } from '../event-form';

/** What the box does depends on whether a Google account is connected (Settings → Google Integration). */
function explanation(email: string | null | undefined, connected: boolean, linked: boolean): string {
  if (!connected)
    return 'Connect Google in Settings → Google Integration to keep this event in your Google Calendar.';
  const calendar = email ? `your Google Calendar (${email})` : 'your Google Calendar';
  if (linked) return `Linked to an event in ${calendar}: changes on either side reach the other.`;
  return `When ticked, Relate adds this event to ${calendar} and keeps both copies in step.`;
}

/** "Sync with Google Calendar", explained, with the Google mark when the event is already linked. */
export function EventGoogleSyncField({ linked }: { linked: boolean }) {
  const { control } = useFormContext<EventFormValues>();
  const google = useGoogleStatus().data;
  return (
    <CheckboxField
      control={control}
      name="google_sync"
      label={
        <span className="flex items-center gap-1.5">
          Sync with Google Calendar
          {linked && <GoogleMark className="text-muted-foreground" />}
        </span>
      }
      description={
        google?.service_configured
          ? explanation(google.google_email, google.has_google_account, linked)
          : undefined
      }
    />
  );
}
