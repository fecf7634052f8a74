import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { EventFormDialog } from './components/event-form-dialog';
import { calendarEvent } from './event-fixture';

// Radix's checkbox and select measure themselves; jsdom has neither ResizeObserver nor pointer capture.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
});
afterAll(() => vi.unstubAllGlobals());

/** Records the bodies the dialog sends. */
function recordRequests() {
  const sent: Record<string, unknown>[] = [];
  const record = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    return HttpResponse.json({ event: calendarEvent() }, { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(http.post(api('/events'), record), http.put(api('/events/:id'), record));
  return sent;
}

/** The Add Event dialog opened on Friday 27 November 2026 (the fourth and last Friday), 09:00-10:00. */
function openOnLastFriday() {
  return renderWithProviders(
    <EventFormDialog
      state={{ mode: 'add', start: new Date(2026, 10, 27, 9), end: new Date(2026, 10, 27, 10) }}
      participantSuggestions={[]}
      onClose={() => {}}
    />,
  );
}

type User = ReturnType<typeof openOnLastFriday>['user'];

async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const repeatOn = () => screen.getByRole('combobox', { name: 'Repeat on' });
const moveStart = (value: string) => fireEvent.change(screen.getByLabelText('Start'), { target: { value } });

describe('a monthly repeat', { timeout: 30_000 }, () => {
  it('offers the day of the month, the nth weekday and the last one of the start date, and creates the second Tuesday', async () => {
    const sent = recordRequests();
    const { user } = openOnLastFriday();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Board meeting' } });
    await choose(user, 'Repeat', 'Monthly');
    expect(repeatOn()).toHaveTextContent('Monthly on day 27');
    await user.click(repeatOn());
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Monthly on day 27',
      'Monthly on the fourth Friday',
      'Monthly on the last Friday',
    ]);
    await user.keyboard('{Escape}');

    // Tuesday 8 December is the second Tuesday, not the last one.
    moveStart('2026-12-08T10:00');
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2026-12-08T11:00' } });
    expect(repeatOn()).toHaveTextContent('Monthly on day 8');
    await user.click(repeatOn());
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Monthly on day 8',
      'Monthly on the second Tuesday',
    ]);
    await user.click(screen.getByRole('option', { name: 'Monthly on the second Tuesday' }));
    expect(repeatOn()).toHaveTextContent('Monthly on the second Tuesday');

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ title: 'Board meeting', repeat_pattern: 'monthly', repeat_week: 2 });
  });

  it('follows the start date: the nth weekday and the last one move with it, a fifth becomes the last', async () => {
    const { user } = openOnLastFriday();
    await choose(user, 'Repeat', 'Monthly');
    await choose(user, 'Repeat on', 'Monthly on the last Friday');
    // Monday 30 November: still in the month's last week.
    moveStart('2026-11-30T09:00');
    expect(repeatOn()).toHaveTextContent('Monthly on the last Monday');
    // Wednesday 16 December: the third Wednesday.
    moveStart('2026-12-16T09:00');
    expect(repeatOn()).toHaveTextContent('Monthly on the third Wednesday');
    // Thursday 31 December, a fifth Thursday: offered as the last.
    moveStart('2026-12-31T09:00');
    expect(repeatOn()).toHaveTextContent('Monthly on the last Thursday');
    await choose(user, 'Repeat on', 'Monthly on day 31');
    moveStart('2026-12-09T09:00');
    expect(repeatOn()).toHaveTextContent('Monthly on day 9');
  });

  it('sends no week for another repeat', async () => {
    const sent = recordRequests();
    const { user } = openOnLastFriday();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Review' } });
    await choose(user, 'Repeat', 'Monthly');
    await choose(user, 'Repeat on', 'Monthly on the last Friday');
    await choose(user, 'Repeat', 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ repeat_pattern: 'weekly', repeat_week: null });
  });

  it('shows an imported last-Friday series with its rule, and saving keeps it', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(
      <EventFormDialog
        state={{
          mode: 'edit',
          event: calendarEvent({
            title: 'Review',
            start_datetime: '2027-01-29T12:00:00.000Z',
            end_datetime: '2027-01-29T13:00:00.000Z',
            repeat_pattern: 'monthly',
            repeat_week: -1,
          }),
        }}
        participantSuggestions={[]}
        onClose={() => {}}
      />,
    );
    expect(repeatOn()).toHaveTextContent('Monthly on the last Friday');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('radio', { name: 'All events' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ scope: 'all', repeat_pattern: 'monthly', repeat_week: -1 });
  });

  it('offers a fifth weekday to an event that already repeats on it', async () => {
    const { user } = renderWithProviders(
      <EventFormDialog
        state={{
          mode: 'edit',
          event: calendarEvent({
            start_datetime: '2026-12-31T12:00:00.000Z',
            end_datetime: '2026-12-31T13:00:00.000Z',
            repeat_pattern: 'monthly',
            repeat_week: 5,
          }),
        }}
        participantSuggestions={[]}
        onClose={() => {}}
      />,
    );
    expect(repeatOn()).toHaveTextContent('Monthly on the fifth Thursday');
    await user.click(repeatOn());
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Monthly on day 31',
      'Monthly on the fifth Thursday',
      'Monthly on the last Thursday',
    ]);
  });
});
