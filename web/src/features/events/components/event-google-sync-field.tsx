import type { GoogleStatus } from '@relate/contracts';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/form-fields';
import { GoogleMark } from '@/components/google-mark';
import { useGoogleStatus } from '@/lib/google-status';
import type { EventFormValues } from '../event-form';

/** Whether this user's events can go to Google Calendar: a connected account that granted the calendar. */
const calendarConnected = (google: GoogleStatus | undefined) =>
  Boolean(google?.service_configured && google.has_google_account && google.calendar_access);

function explanation(email: string | null, linked: boolean): string {
  const calendar = email ? `your Google Calendar (${email})` : 'your Google Calendar';
  if (linked) return `Linked to an event in ${calendar}: changes on either side reach the other.`;
  return `When ticked, Relate adds this event to ${calendar} and keeps both copies in step.`;
}

/**
 * "Sync with Google Calendar", explained, with the Google mark when the event is already linked. It is
 * offered, and ticked for a new event, only while a Google account with calendar access is connected;
 * otherwise the form says where to connect one (nothing when Google is not set up on this server).
 */
export function EventGoogleSyncField({ isNew, linked }: { isNew: boolean; linked: boolean }) {
  const { control, getFieldState, setValue } = useFormContext<EventFormValues>();
  const google = useGoogleStatus().data;
  const offered = calendarConnected(google);

  useEffect(() => {
    if (isNew && offered && !getFieldState('google_sync').isDirty) setValue('google_sync', true);
  }, [isNew, offered, getFieldState, setValue]);

  if (!google?.service_configured) return null;
  if (!offered)
    return (
      <p className="text-sm text-muted-foreground" data-testid="google-sync-unavailable">
        {google.has_google_account
          ? 'Relate may not use your Google Calendar: connect Google again and allow the calendar in '
          : 'To keep events in your Google Calendar, connect Google in '}
        <Link to="/settings?section=google" className="font-medium text-primary hover:underline">
          Settings → Google Integration
        </Link>
        .
      </p>
    );
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
      description={explanation(google.google_email, linked)}
    />
  );
}
