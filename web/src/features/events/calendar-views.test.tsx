import type { CalendarEvent } from '@relate/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { monthGrid, weekDays } from './calendar-grid';
import { EventDetailsDialog } from './components/event-details-dialog';
import { EventsPage } from './components/events-page';
import { calendarEvent } from './event-fixture';

// The page shows today's week: both it and the events are at a chosen Wednesday, never the day the test runs.
const today = new Date(2026, 5, 17, 10, 0);
const at = (hours: number, minutes: number) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate(), hours, minutes).toISOString();

const event = (extra: Partial<CalendarEvent>): CalendarEvent =>
  calendarEvent({ start_datetime: at(9, 0), end_datetime: at(9, 15), created_at: at(8, 0), ...extra });

/** A window as wide as a phone (below 640px) or a laptop, as far as media queries go. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width: 639px/.test(query) && width < 640,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderWeek(events: CalendarEvent[]) {
  server.use(http.get(api('/events'), () => HttpResponse.json({ events })));
  return renderWithProviders(
    <EventsPage settings={{ defaultView: 'weekly', startWeekday: 'monday' }} participantSuggestions={[]} />,
  );
}

beforeEach(() => vi.useFakeTimers({ now: today, toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('week view', () => {
  it('becomes an agenda list on a phone: every day of the week, each event with its time', async () => {
    screenWidth(390);
    renderWeek([
      event({}),
      event({ id: 2, title: 'Review', location: null, start_datetime: at(14, 0), end_datetime: at(14, 30) }),
    ]);
    const agenda = await screen.findByTestId('agenda');
    expect(within(agenda).getAllByTestId('agenda-day')).toHaveLength(7);
    const items = within(agenda).getAllByTestId('calendar-event');
    expect(items.map((item) => item.textContent)).toEqual(['09:00–09:15StandupRoom 1', '14:00–14:30Review']);
    expect(screen.queryByRole('button', { name: /\d+:00$/ })).not.toBeInTheDocument();
  });

  it('shows a 15-minute event on a laptop in the time grid with its time and title on one line', async () => {
    screenWidth(1366);
    renderWeek([event({})]);
    const chip = await screen.findByTestId('calendar-event');
    expect(screen.queryByTestId('agenda')).not.toBeInTheDocument();
    expect(chip).toHaveTextContent(/^09:00Standup$/);
    expect(Number.parseFloat(chip.style.height)).toBeGreaterThanOrEqual(18);
  });
});

describe('View Event', () => {
  it('describes a repeat in words', async () => {
    const weekly = event({
      is_owner: false,
      repeat_pattern: 'weekly',
      repeat_days: [1, 3],
      repeat_end_date: '2027-01-31T12:00:00.000Z',
      timezone: 'Europe/Berlin',
    });
    renderWithProviders(<EventDetailsDialog event={weekly} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'View Event' });
    expect(within(dialog).getByText(/^Every week on Monday and Wednesday until/)).toHaveTextContent(
      new RegExp(
        `until ${new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date('2027-01-31T12:00:00Z'))}$`,
      ),
    );
  });
});

describe('Leave event', () => {
  it('asks first (Cancel keeps it), leaves the event and closes View Event; the owner is not offered it', async () => {
    const left = vi.fn(() => HttpResponse.json({ message: 'You left the event' }));
    server.use(http.delete(api('/events/:id/participation'), left));
    const onClose = vi.fn();
    const view = renderWithProviders(
      <EventDetailsDialog event={event({ id: 7, is_owner: false })} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'View Event' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave event' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave event?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(left).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave event' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave event?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Leave event' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(left).toHaveBeenCalledTimes(1);
    view.unmount();

    renderWithProviders(<EventDetailsDialog event={event({ is_owner: true })} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'View Event' });
    expect(screen.queryByRole('button', { name: 'Leave event' })).not.toBeInTheDocument();
  });
});

describe('the Google mark', () => {
  const linked = event({ google_linked: true });
  const local = event({ id: 2, title: 'Review', start_datetime: at(14, 0), end_datetime: at(15, 0) });
  const marks = (chips: HTMLElement[]) =>
    chips.map((chip) => within(chip).queryByRole('img', { name: 'Synced with Google' }) !== null);

  it.each(['monthly', 'weekly', 'daily'] as const)(
    'marks events linked to Google in the %s view, and no others',
    async (defaultView) => {
      screenWidth(1366);
      server.use(http.get(api('/events'), () => HttpResponse.json({ events: [linked, local] })));
      renderWithProviders(
        <EventsPage settings={{ defaultView, startWeekday: 'monday' }} participantSuggestions={[]} />,
      );
      await screen.findAllByTestId('calendar-event');
      expect(marks(screen.getAllByTestId('calendar-event'))).toEqual([true, false]);
    },
  );

  it('opens a Google series Relate cannot represent as View Event for its owner too, saying why', async () => {
    screenWidth(1366);
    const reason = 'Relate cannot repeat on the second Tuesday of a month';
    renderWeek([event({ google_linked: true, read_only_reason: reason })]);
    fireEvent.click(await screen.findByTestId('calendar-event'));
    const dialog = await screen.findByRole('dialog', { name: 'View Event' });
    expect(within(dialog).getByText(`Only Google Calendar can change it: ${reason}.`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Event' })).not.toBeInTheDocument();
  });

  it('marks them in the phone agenda and in View Event', async () => {
    screenWidth(390);
    renderWeek([linked, local]);
    const agenda = await screen.findByTestId('agenda');
    expect(marks(within(agenda).getAllByTestId('calendar-event'))).toEqual([true, false]);

    renderWithProviders(<EventDetailsDialog event={{ ...linked, is_owner: false }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'View Event' });
    expect(within(dialog).getByText('Synced with Google Calendar')).toBeInTheDocument();
  });
});

describe('multi-day all-day events', () => {
  /** An all-day event on local days `first` to `last`, dated in UTC as the API sends it. */
  const allDay = (id: number, title: string, first: Date, last: Date) =>
    event({
      id,
      title,
      all_day: true,
      location: null,
      start_datetime: `${format(first, 'yyyy-MM-dd')}T00:00:00.000Z`,
      end_datetime: `${format(last, 'yyyy-MM-dd')}T23:59:59.000Z`,
    });
  const bars = (title: string) =>
    screen.getAllByTestId('calendar-event').filter((chip) => chip.textContent?.includes(title));

  it('show as one bar across their days in the month view, continuing on the next week row', async () => {
    screenWidth(1366);
    const grid = monthGrid(today, 'monday');
    server.use(
      http.get(api('/events'), () =>
        HttpResponse.json({
          events: [
            allDay(1, 'Offsite', grid[8], grid[10]),
            allDay(2, 'Trade fair', grid[12], grid[15]),
            event({
              id: 3,
              title: 'Standup',
              start_datetime: grid[9].toISOString(),
              end_datetime: grid[9].toISOString(),
            }),
          ],
        }),
      ),
    );
    renderWithProviders(
      <EventsPage
        settings={{ defaultView: 'monthly', startWeekday: 'monday' }}
        participantSuggestions={[]}
      />,
    );
    await screen.findAllByTestId('calendar-event');
    expect(bars('Offsite').map((bar) => bar.style.gridColumn)).toEqual(['2 / span 3']);
    expect(bars('Trade fair').map((bar) => bar.style.gridColumn)).toEqual(['6 / span 2', '1 / span 2']);
    expect(bars('Trade fair').map((bar) => bar.dataset.continues)).toEqual(['after', 'before']);
    // The Tuesday's own event sits under the bar, inside its day.
    const tuesday = screen
      .getAllByTestId('calendar-day')
      .find((cell) => cell.dataset.date === format(grid[9], 'yyyy-MM-dd'))!;
    expect(within(tuesday).getByTestId('calendar-event')).toHaveTextContent('Standup');
  });

  it('show as one bar across the week in the week view', async () => {
    screenWidth(1366);
    const week = weekDays(today, 'monday');
    renderWeek([allDay(1, 'Holiday week', week[0], week[6])]);
    await screen.findAllByTestId('calendar-event');
    expect(bars('Holiday week').map((bar) => bar.style.gridColumn)).toEqual(['2 / span 7']);
  });
});
