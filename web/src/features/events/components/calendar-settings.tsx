import { DownloadIcon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { GoogleMark } from '@/components/google-mark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { API_BASE, request } from '@/lib/api-client';
import { accessToken } from '@/lib/auth-storage';
import { formatDateTime } from '@/lib/format';
import { useGoogleStatus } from '@/lib/google-status';
import { usePreferences, useSavePreferences } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { IcsImportDialog } from './ics-import-dialog';

async function downloadIcs() {
  await request('/auth/me'); // refreshes an expired access token first
  const response = await fetch(`${API_BASE}/events/export.ics`, {
    headers: { authorization: `Bearer ${accessToken() ?? ''}` },
  });
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'relate-events.ics';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const GOOGLE_SETTINGS = '/settings?section=google';

/** The spec's 'Google Calendar connected' notice; while not connected, where to connect. */
function GoogleCalendarNotice() {
  const google = useGoogleStatus().data;
  if (!google?.service_configured) return null;
  const connected = google.has_google_account;
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border bg-card p-4 text-sm">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <GoogleMark className="size-4" />
      </span>
      <div className="grid flex-1 gap-0.5">
        <p className="font-medium">
          {connected ? 'Google Calendar connected' : 'Google Calendar not connected'}
        </p>
        <p className="text-muted-foreground">
          {connected
            ? `Events sync both ways with ${google.google_email ?? 'your Google account'}. ${
                google.calendar_synced_at
                  ? `Last synced ${formatDateTime(google.calendar_synced_at)}.`
                  : 'Not synced yet: preview and sync in Google Integration.'
              }`
            : 'Connect your Google account to see your Google Calendar events here and send yours there.'}
        </p>
      </div>
      <Link to={GOOGLE_SETTINGS} className="shrink-0 font-medium text-primary hover:underline">
        {connected ? 'Manage' : 'Connect'}
      </Link>
    </div>
  );
}

interface CalendarSettingsChanges {
  defaultView?: string;
  startWeekday?: string;
}

/** Settings → Calendar (Display & Events). */
export function CalendarSettings() {
  const preferences = usePreferences();
  const save = useSavePreferences<{ calendar_settings: CalendarSettingsChanges }>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const settings = preferences.data?.calendar_settings;

  const update = (changes: CalendarSettingsChanges) =>
    save.mutate(
      { calendar_settings: changes },
      {
        onSuccess: () => toast.success('Calendar settings saved'),
        onError: (error) => toast.error('Failed to save calendar settings', { description: error.message }),
      },
    );

  return (
    <div className="grid gap-6">
      <GoogleCalendarNotice />
      <Card>
        <CardHeader>
          <CardTitle>Display</CardTitle>
          <CardDescription>How the Events tab opens.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="calendar-default-view">Default view</Label>
            <Select
              value={settings?.defaultView ?? 'monthly'}
              onValueChange={(value) => update({ defaultView: value })}
            >
              <SelectTrigger id="calendar-default-view">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="monthly">Monthly</SelectItem>
                <SelectItem value="weekly">Weekly</SelectItem>
                <SelectItem value="daily">Daily</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="calendar-week-start">Week starts on</Label>
            <Select
              value={settings?.startWeekday ?? 'sunday'}
              onValueChange={(value) => update({ startWeekday: value })}
            >
              <SelectTrigger id="calendar-week-start">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="sunday">Sunday</SelectItem>
                <SelectItem value="monday">Monday</SelectItem>
              </SelectContent>
            </Select>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Events</CardTitle>
          <CardDescription>
            Move your calendar in and out as iCalendar (.ics) files, e.g. from Google Calendar or Outlook.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                await downloadIcs();
              } catch (error) {
                toast.error('Export failed', { description: (error as Error).message });
              } finally {
                setExporting(false);
              }
            }}
          >
            <DownloadIcon />
            Export Events
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <UploadIcon />
            Import Events
          </Button>
          <IcsImportDialog open={importing} onOpenChange={setImporting} />
        </CardContent>
      </Card>
    </div>
  );
}
