import { useFormContext } from 'react-hook-form';
import { GoogleMark } from '@/components/google-mark';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
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
  const connected = !!google?.has_google_account;
  return (
    <FormField
      control={control}
      name="google_sync"
      render={({ field }) => (
        <FormItem className="grid gap-1">
          <div className="flex items-center gap-2">
            <FormControl>
              <Checkbox
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            </FormControl>
            <FormLabel>Sync with Google Calendar</FormLabel>
            {linked && <GoogleMark label="Synced with Google" className="text-muted-foreground" />}
          </div>
          {google?.service_configured && (
            <FormDescription className="pl-6">
              {explanation(google?.google_email, connected, linked)}
            </FormDescription>
          )}
        </FormItem>
      )}
    />
  );
}
