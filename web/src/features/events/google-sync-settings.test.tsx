import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, googleStatus, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { CalendarSettings } from './components/calendar-settings';
import { EventFormDialog } from './components/event-form-dialog';
import { calendarEvent } from './event-fixture';

const connected = googleStatus({
  has_google_account: true,
  calendar_access: true,
  google_email: 'ada@gmail.example',
  calendar_synced_at: '2026-11-20T09:30:00.000Z',
});
const useStatus = (status: ReturnType<typeof googleStatus>) =>
  server.use(http.get(api('/auth/google/status'), () => HttpResponse.json(status)));

describe('Settings → Calendar: the Google Calendar notice', () => {
  const renderSettings = () => {
    server.use(
      http.get(api('/user-preferences'), () =>
        HttpResponse.json({
          preferences: {
            calendar_settings: { defaultView: 'monthly', startWeekday: 'monday' },
            contact_columns: [],
            custom_fields: [],
          },
        }),
      ),
    );
    return renderWithProviders(<CalendarSettings />);
  };

  it("says 'Google Calendar connected', with which account and when it last synced", async () => {
    useStatus(connected);
    renderSettings();
    const notice = await screen.findByText('Google Calendar connected');
    expect(notice.parentElement).toHaveTextContent(
      /Events sync both ways with ada@gmail\.example\. Last synced .*2026/,
    );
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/settings?section=google');
  });

  it('says where to connect while Google is not connected, and nothing when Google is not set up', async () => {
    useStatus(googleStatus());
    const { unmount } = renderSettings();
    expect(await screen.findByText('Google Calendar not connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/settings?section=google');
    unmount();

    useStatus(googleStatus({ service_configured: false }));
    renderSettings();
    expect(await screen.findByText('Display')).toBeInTheDocument();
    expect(screen.queryByText(/Google Calendar (not )?connected/)).not.toBeInTheDocument();
  });
});

describe('the event form’s Sync with Google Calendar box', () => {
  // The dialog's form measures itself (Radix); jsdom has no ResizeObserver.
  beforeEach(() =>
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  const linkedEvent = calendarEvent({ id: 5, title: 'Board meeting', google_linked: true });

  it('explains that a linked event stays in step with Google, and shows the Google mark', async () => {
    useStatus(connected);
    renderWithProviders(
      <EventFormDialog
        state={{ mode: 'edit', event: linkedEvent }}
        participantSuggestions={[]}
        onClose={() => {}}
      />,
    );
    const box = await screen.findByRole('checkbox', { name: 'Sync with Google Calendar' });
    expect(box).toBeChecked();
    // The mark stands beside the label (decoration: the description says it in words).
    expect(screen.getByText('Sync with Google Calendar')).toContainElement(screen.getByTestId('google-mark'));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(
        'Linked to an event in your Google Calendar (ada@gmail.example): changes on either side reach the other.',
      ),
    );
  });

  /** Opens Add New Event and creates it, answering what the form sent. */
  async function createNew() {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(api('/events'), async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ event: calendarEvent() }, { status: 201 });
      }),
    );
    const start = new Date('2026-12-03T14:00:00.000Z');
    const add = { mode: 'add' as const, start, end: new Date(start.getTime() + 3_600_000) };
    const view = renderWithProviders(
      <EventFormDialog state={add} participantSuggestions={[]} onClose={() => {}} />,
    );
    await view.user.type(screen.getByLabelText('Title'), 'Review');
    return {
      ...view,
      create: async () => {
        await view.user.click(screen.getByRole('button', { name: 'Create Event' }));
        await waitFor(() => expect(sent).toHaveLength(1));
        return sent[0];
      },
    };
  }

  it('is ticked for a new event while Google is connected with calendar access, and says what it does', async () => {
    useStatus(connected);
    const { create } = await createNew();
    expect(
      await screen.findByText(
        'When ticked, Relate adds this event to your Google Calendar (ada@gmail.example) and keeps both copies in step.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sync with Google Calendar' })).toBeChecked();
    expect(screen.queryByTestId('google-mark')).not.toBeInTheDocument();
    expect(await create()).toMatchObject({ google_sync: true });
  });

  it('is neither offered nor ticked while Google is not connected: the form says where to connect', async () => {
    useStatus(googleStatus());
    const { create } = await createNew();
    expect(await screen.findByTestId('google-sync-unavailable')).toHaveTextContent(
      'To keep events in your Google Calendar, connect Google in Settings → Google Integration.',
    );
    expect(screen.getByRole('link', { name: 'Settings → Google Integration' })).toHaveAttribute(
      'href',
      '/settings?section=google',
    );
    expect(screen.queryByRole('checkbox', { name: 'Sync with Google Calendar' })).not.toBeInTheDocument();
    expect(await create()).toMatchObject({ google_sync: false });
  });

  it('is not offered when the connected account did not allow the calendar', async () => {
    useStatus({ ...connected, calendar_access: false });
    const { create } = await createNew();
    expect(await screen.findByTestId('google-sync-unavailable')).toHaveTextContent(
      'Relate may not use your Google Calendar: connect Google again and allow the calendar in Settings → Google Integration.',
    );
    expect(screen.queryByRole('checkbox', { name: 'Sync with Google Calendar' })).not.toBeInTheDocument();
    expect(await create()).toMatchObject({ google_sync: false });
  });

  it('is neither offered nor ticked when Google is not set up on this server', async () => {
    useStatus(googleStatus({ service_configured: false }));
    const { create } = await createNew();
    await waitFor(() => expect(screen.queryByTestId('google-sync-unavailable')).not.toBeInTheDocument());
    expect(screen.queryByRole('checkbox', { name: 'Sync with Google Calendar' })).not.toBeInTheDocument();
    expect(await create()).toMatchObject({ google_sync: false });
  });
});
