import type { CalendarEvent } from '@relate/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { EventFormDialog } from './components/event-form-dialog';

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
beforeAll(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterAll(() => vi.unstubAllGlobals());

/** The second occurrence (Monday 14 December) of a weekly series that began on the 7th. */
const occurrence: CalendarEvent = {
  id: 4,
  title: 'Stand-up',
  description: null,
  start_datetime: '2026-12-14T09:00:00.000Z',
  end_datetime: '2026-12-14T09:30:00.000Z',
  all_day: false,
  timezone: 'UTC',
  location: null,
  event_type: 'meeting',
  project: null,
  participants: [],
  alert_minutes: 15,
  repeat_pattern: 'weekly',
  repeat_interval: 1,
  repeat_days: [1],
  repeat_week: null,
  repeat_end_date: null,
  notes: null,
  google_sync: true,
  owner_id: 1,
  owner_email: 'ada@example.com',
  is_owner: true,
  series_start: '2026-12-07T09:00:00.000Z',
  series_id: null,
  original_start: null,
  google_linked: false,
  read_only_reason: null,
  created_at: '2026-12-01T09:00:00.000Z',
  updated_at: '2026-12-01T09:00:00.000Z',
};

/** Records the PUT bodies and DELETE queries the dialog sends. */
function fakeApi() {
  const sent: {
    method: string;
    path: string;
    query: Record<string, string>;
    body?: Record<string, unknown>;
  }[] = [];
  const record = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: request.method === 'PUT' ? ((await request.json()) as Record<string, unknown>) : undefined,
    });
    return HttpResponse.json(request.method === 'PUT' ? { event: occurrence } : { message: 'Event deleted' });
  };
  server.use(http.put(api('/events/:id'), record), http.delete(api('/events/:id'), record));
  return sent;
}

function open(event: CalendarEvent) {
  return renderWithProviders(
    <EventFormDialog state={{ mode: 'edit', event }} participantSuggestions={[]} onClose={() => {}} />,
  );
}

describe('changing an occurrence of a repeating event', () => {
  it('asks "Edit recurring event" and sends "This event" with the occurrence it was opened on', async () => {
    const sent = fakeApi();
    const { user } = open(occurrence);
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Stand-up (moved)');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Edit recurring event' });
    expect(ask).toHaveTextContent('This event');
    expect(screen.getByRole('radio', { name: 'This event' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'This and following events' })).not.toBeChecked();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/events/4',
      body: {
        scope: 'this',
        occurrence_start: '2026-12-14T09:00:00.000Z',
        title: 'Stand-up (moved)',
        start_datetime: '2026-12-14T09:00:00.000Z',
      },
    });
  });

  it('sends "All events" when the user picks it', async () => {
    const sent = fakeApi();
    const { user } = open(occurrence);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('radio', { name: 'All events' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ scope: 'all', occurrence_start: '2026-12-14T09:00:00.000Z' });
  });

  it('asks "Delete recurring event" and deletes with the chosen scope', async () => {
    const sent = fakeApi();
    const { user } = open(occurrence);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog', { name: 'Delete recurring event' });
    await user.click(screen.getByRole('radio', { name: 'This and following events' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/events/4',
      query: { scope: 'following', occurrence_start: '2026-12-14T09:00:00.000Z' },
    });
  });

  it("names a changed occurrence by its original start and leaves the series' repeat alone", async () => {
    const sent = fakeApi();
    const { user } = open({
      ...occurrence,
      id: 9,
      repeat_pattern: 'none',
      repeat_days: [],
      series_id: 4,
      original_start: '2026-12-14T09:00:00.000Z',
      start_datetime: '2026-12-15T10:00:00.000Z',
      end_datetime: '2026-12-15T10:30:00.000Z',
    });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('radio', { name: 'All events' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ scope: 'all', occurrence_start: '2026-12-14T09:00:00.000Z' });
    expect(sent[0].body).not.toHaveProperty('repeat_pattern');
  });

  it('does not offer "This event" when the repeat itself was changed', async () => {
    fakeApi();
    const { user } = open(occurrence);
    const interval = screen.getByLabelText(/every/i);
    await user.clear(interval);
    await user.type(interval, '2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('alertdialog', { name: 'Edit recurring event' });
    expect(screen.queryByRole('radio', { name: 'This event' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'This and following events' })).toBeChecked();
  });

  it('deletes a single event after the plain confirmation, without a scope', async () => {
    const sent = fakeApi();
    const { user } = open({ ...occurrence, repeat_pattern: 'none', repeat_days: [] });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog', { name: 'Delete event?' });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].query).toEqual({});
  });
});
