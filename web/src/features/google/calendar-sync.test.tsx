import type {
  ApplyGoogleCalendarBody,
  CalendarReviewItem,
  GoogleCalendarSyncResponse,
} from '@relate/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { api, googleStatus, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { GoogleIntegration } from './components/google-integration';

const connected = googleStatus({ has_google_account: true, google_email: 'ada@gmail.example' });

const item = (overrides: Partial<CalendarReviewItem>): CalendarReviewItem => ({
  id: crypto.randomUUID(),
  kind: 'new',
  google_event_id: `evt${Math.random().toString(36).slice(2)}`,
  title: 'Untitled',
  start_datetime: '2026-12-03T14:00:00.000Z',
  end_datetime: '2026-12-03T15:00:00.000Z',
  all_day: false,
  timezone: 'UTC',
  location: null,
  description: null,
  recurrence: null,
  read_only_reason: null,
  is_duplicate: false,
  event: null,
  changes: [],
  ...overrides,
});

const syncResponse = (items: CalendarReviewItem[], counts: Partial<GoogleCalendarSyncResponse> = {}) => ({
  preview: true,
  created: 0,
  updated: 0,
  deleted: 0,
  pushed: 0,
  items,
  skipped: 0,
  errors: [],
  ...counts,
});

/** Settings → Google Integration as the settings page composes it, with toasts on screen. */
function renderIntegration(status = connected) {
  server.use(http.get(api('/auth/google/status'), () => HttpResponse.json(status)));
  const rendered = renderWithProviders(
    <>
      <GoogleIntegration refreshes={{ calendar: [['events']] }} />
      <Toaster />
    </>,
  );
  // An events list the calendar page had loaded: applying Google's events must make it stale.
  rendered.queryClient.setQueryData(['events', 'range', { from: 'a', to: 'b' }], { events: [] });
  return rendered;
}

// Sonner keeps its toasts between tests: a new Toaster would show the last test's again.
afterEach(() => {
  toast.dismiss();
});

const calendarCard = () => screen.findByRole('region', { name: 'Google Calendar' });

describe('Settings → Google Integration: the calendar card', () => {
  it('is shown only once Google is connected', async () => {
    renderIntegration(googleStatus());
    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Google Calendar' })).not.toBeInTheDocument();
  });

  it('says Not Synced before the first sync and offers Preview and Sync', async () => {
    renderIntegration();
    const card = await calendarCard();
    expect(within(card).getByText('Not Synced')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Preview' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Sync' })).toBeEnabled();
  });

  it('shows when it last synced, why the last sync stopped and how many changes wait for review', async () => {
    renderIntegration({
      ...connected,
      calendar_synced_at: '2026-11-20T09:30:00.000Z',
      calendar_last_error: 'Google answered 403: rate limit exceeded',
      calendar_pending_review: 2,
    });
    const card = await calendarCard();
    expect(within(card).getByText('Synced')).toBeInTheDocument();
    expect(within(card).getByText(/^Last synced .*2026/)).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('Google answered 403: rate limit exceeded');
    expect(within(card).getByText('2 changes from Google wait for your review.')).toBeInTheDocument();
  });

  it('opens the changes waiting for review without asking Google again', async () => {
    const stored = item({ kind: 'changed', title: 'Dentist', event: { id: 8, title: 'Dentist' } });
    server.use(
      http.get(api('/auth/google/calendar/review'), () => HttpResponse.json({ items: [stored] })),
      http.get(api('/auth/google/calendar'), () => HttpResponse.error()),
    );
    const { user } = renderIntegration({ ...connected, calendar_pending_review: 1 });
    const card = await calendarCard();
    expect(within(card).getByText('1 change from Google waits for your review.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview Google Calendar Events Sync' });
    expect(within(dialog).getByRole('tab', { name: /Changed\s*1/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('checkbox', { name: 'Select Dentist' })).toBeChecked();
  });

  it('while a sync runs, says so and keeps its buttons from starting another', async () => {
    renderIntegration({ ...connected, calendar_sync_running: true });
    const card = await calendarCard();
    expect(within(card).getByRole('status')).toHaveTextContent('Syncing calendar with Google...');
    expect(within(card).getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Sync' })).toBeDisabled();
  });

  it('reports what a sync did, and its failures with the spec’s toasts', async () => {
    let fail = false;
    server.use(
      http.get(api('/auth/google/calendar'), ({ request }) => {
        if (fail)
          return HttpResponse.json({ error: 'Google is unreachable', code: 'BAD_GATEWAY' }, { status: 502 });
        const preview = new URL(request.url).searchParams.get('preview') === 'true';
        return HttpResponse.json(
          syncResponse([item({ kind: 'conflict' })], { preview, created: 3, pushed: 1 }),
        );
      }),
    );
    const { user } = renderIntegration();
    const card = await calendarCard();

    await user.click(within(card).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Google calendar synced')).toBeInTheDocument();
    expect(
      screen.getByText('Added 3, updated 0, sent 1 to Google. 1 change waits for your review.'),
    ).toBeInTheDocument();

    fail = true;
    await user.click(within(card).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Failed to sync Google calendar')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Failed to preview Google calendar')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Google events Relate cannot store', () => {
  it('says which were skipped and why, after a sync and after a preview', async () => {
    server.use(
      http.get(api('/auth/google/calendar'), ({ request }) =>
        HttpResponse.json(
          syncResponse([], {
            preview: new URL(request.url).searchParams.get('preview') === 'true',
            created: 1,
            skipped: 1,
            errors: [
              {
                google_event_id: 'ev1',
                title: 'Ancient series',
                error: "The event's start is in the year 0099, outside the years 1000-9999",
              },
            ],
          }),
        ),
      ),
    );
    const { user } = renderIntegration();
    const card = await calendarCard();
    const reason = "“Ancient series”: The event's start is in the year 0099, outside the years 1000-9999.";

    await user.click(within(card).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Google calendar: 1 event skipped')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    toast.dismiss();

    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Google calendar: 1 event skipped')).toBeInTheDocument();
  });
});

describe('Preview Google Calendar Events Sync', () => {
  const board = item({
    title: 'Board meeting',
    start_datetime: '2026-12-03T14:00:00.000Z',
    end_datetime: '2026-12-03T15:30:00.000Z',
    timezone: 'America/New_York',
    location: '5th Avenue 1, New York',
    description: 'Quarterly numbers',
  });
  const holidays = item({
    title: 'Christmas holidays',
    all_day: true,
    start_datetime: '2026-12-24T00:00:00.000Z',
    end_datetime: '2026-12-27T00:00:00.000Z',
  });
  const series = item({
    title: 'Payroll',
    recurrence: 'Monthly on the last Friday',
    read_only_reason: 'Relate cannot repeat on the last Friday of a month',
  });
  const lunch = item({
    kind: 'likely_duplicate',
    title: 'Team lunch',
    is_duplicate: true,
    event: { id: 7, title: 'Team lunch' },
  });
  const moved = item({
    kind: 'changed',
    title: 'Dentist',
    event: { id: 8, title: 'Dentist' },
    changes: [{ field: 'location', relate: 'Old Street 2', google: 'New Street 5', clash: false }],
  });
  const clash = item({
    kind: 'conflict',
    title: 'Standup',
    event: { id: 9, title: 'Standup' },
    changes: [{ field: 'title', relate: 'Standup', google: 'Daily standup', clash: true }],
  });
  const cancelled = item({ kind: 'deleted_upstream', title: 'Offsite', event: { id: 10, title: 'Offsite' } });
  const items = [board, holidays, series, lunch, moved, clash, cancelled];

  async function openPreview() {
    const applied: ApplyGoogleCalendarBody[] = [];
    server.use(
      http.get(api('/auth/google/calendar'), () => HttpResponse.json(syncResponse(items))),
      http.post(api('/auth/google/calendar/apply'), async ({ request }) => {
        applied.push((await request.json()) as ApplyGoogleCalendarBody);
        return HttpResponse.json({
          created: 3,
          linked: 0,
          updated: 2,
          deleted: 0,
          pushed: 1,
          skipped: 0,
          waiting: 0,
        });
      }),
    );
    const rendered = renderIntegration();
    await rendered.user.click(within(await calendarCard()).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview Google Calendar Events Sync' });
    return { ...rendered, dialog, applied };
  }

  it('preselects new items but not duplicates, says what each will do, and applies the chosen ones', async () => {
    const { user, dialog, applied, queryClient } = await openPreview();

    expect(within(dialog).getByRole('tab', { name: /New Items\s*3/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const rows = within(dialog).getAllByTestId('google-review-item');
    expect(rows).toHaveLength(3);
    const [boardRow, holidaysRow, seriesRow] = rows;
    expect(within(boardRow).getByRole('checkbox', { name: 'Select Board meeting' })).toBeChecked();
    expect(boardRow).toHaveTextContent('Will be added to your calendar.');
    expect(boardRow).toHaveTextContent('5th Avenue 1, New York');
    expect(boardRow).toHaveTextContent('Quarterly numbers');
    const localTimes = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
      .formatRange(new Date(board.start_datetime), new Date(board.end_datetime))
      .replace(/\s+/gu, ' ');
    expect(boardRow).toHaveTextContent(localTimes);
    if (Intl.DateTimeFormat().resolvedOptions().timeZone !== 'America/New_York')
      expect(boardRow).toHaveTextContent(/\(9:00\s–\s10:30\sAM New York time\)/u);
    // An all-day event reads as its dates (Google's end date is exclusive), not as midnight times.
    expect(holidaysRow).toHaveTextContent(/Dec 24\s–\s26, 2026 · All day/u);
    expect(seriesRow).toHaveTextContent('Monthly on the last Friday');
    expect(seriesRow).toHaveTextContent(
      'Read-only in Relate: Relate cannot repeat on the last Friday of a month',
    );
    expect(seriesRow).toHaveTextContent('Will be added to your calendar as a read-only copy.');

    await user.click(within(dialog).getByRole('tab', { name: /Duplicates\s*1/ }));
    const lunchRow = within(dialog).getByTestId('google-review-item');
    expect(within(lunchRow).getByRole('checkbox', { name: 'Select Team lunch' })).not.toBeChecked();
    expect(lunchRow).toHaveTextContent(
      'Same title and start as Team lunch in your calendar. Will be linked to it instead of added twice.',
    );

    await user.click(within(dialog).getByRole('tab', { name: /Changed\s*1/ }));
    const movedRow = within(dialog).getByTestId('google-review-item');
    expect(within(movedRow).getByRole('checkbox', { name: 'Select Dentist' })).toBeChecked();
    expect(movedRow).toHaveTextContent('Location:Old Street 2New Street 5');
    expect(within(movedRow).getByLabelText('becomes')).toBeInTheDocument();
    expect(movedRow).toHaveTextContent("Will update Dentist with Google's values.");

    await user.click(within(dialog).getByRole('tab', { name: /Conflicts\s*1/ }));
    const clashRow = within(dialog).getByTestId('google-review-item');
    expect(clashRow).toHaveTextContent('Relate Standup');
    expect(clashRow).toHaveTextContent('Google Daily standup');
    await user.click(within(clashRow).getByRole('checkbox', { name: 'Select Standup' }));
    await user.click(within(clashRow).getByRole('radio', { name: "Keep Relate's Title for Standup" }));

    await user.click(within(dialog).getByRole('tab', { name: /Deleted in Google\s*1/ }));
    const cancelledRow = within(dialog).getByTestId('google-review-item');
    expect(cancelledRow).toHaveTextContent('Deleted in Google. Will delete Offsite from your calendar.');
    expect(within(cancelledRow).getByRole('checkbox')).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Apply 5 selected' }));
    expect(await screen.findByText('Google calendar applied')).toBeInTheDocument();
    expect(applied).toEqual([
      {
        item_ids: [board.id, holidays.id, series.id, moved.id, clash.id],
        keep_relate_fields: { [clash.id]: ['title'] },
      },
    ]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(queryClient.getQueryState(['events', 'range', { from: 'a', to: 'b' }])?.isInvalidated).toBe(true);
  });

  it('says so with the spec’s toast when applying fails, and keeps the choices open', async () => {
    const { user, dialog } = await openPreview();
    server.use(
      http.post(api('/auth/google/calendar/apply'), () =>
        HttpResponse.json({ error: 'Google is unreachable', code: 'BAD_GATEWAY' }, { status: 502 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply 4 selected' }));
    expect(await screen.findByText('Failed to sync Google calendar')).toBeInTheDocument();
    expect(screen.getByText('Google is unreachable')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});
