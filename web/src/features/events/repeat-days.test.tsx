import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { EventFormDialog } from './components/event-form-dialog';

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

/** The Add Event dialog opened on Friday 27 November 2026, 09:00-10:00. */
function openOnFriday() {
  const created: Record<string, unknown>[] = [];
  server.use(
    http.post(api('/events'), async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ event: {} }, { status: 201 });
    }),
  );
  const view = renderWithProviders(
    <EventFormDialog
      state={{ mode: 'add', start: new Date(2026, 10, 27, 9), end: new Date(2026, 10, 27, 10) }}
      participantSuggestions={[]}
      onClose={() => {}}
    />,
  );
  return { ...view, created };
}

async function chooseWeekly(user: ReturnType<typeof openOnFriday>['user']) {
  await user.click(screen.getByRole('combobox', { name: 'Repeat' }));
  await user.click(await screen.findByRole('option', { name: 'Weekly' }));
}

const pressedDays = () =>
  within(screen.getByRole('group', { name: 'Repeat on' }))
    .getAllByRole('button', { pressed: true })
    .map((chip) => chip.textContent);

describe('the weekdays of a weekly event', { timeout: 30_000 }, () => {
  it('follow the start date until the user picks days: Monday 30 Nov repeats on Mondays', async () => {
    const { user, created } = openOnFriday();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Team standup' } });
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-11-30T09:00' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2026-11-30T09:15' } });
    await chooseWeekly(user);
    expect(pressedDays()).toEqual(['Mon']);

    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-12-01T09:00' } });
    expect(pressedDays()).toEqual(['Tue']);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-11-30T09:00' } });

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ repeat_pattern: 'weekly', repeat_days: [1] });
  });

  it('stay as the user picked them, and the dialog says when the start is not one of them', async () => {
    const { user } = openOnFriday();
    await chooseWeekly(user);
    expect(pressedDays()).toEqual(['Fri']);
    await user.click(screen.getByRole('button', { name: 'Tue' }));
    await user.click(screen.getByRole('button', { name: 'Fri' }));
    expect(pressedDays()).toEqual(['Tue']);
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent(
      /^Friday is not a chosen day, so the event first takes place on Tuesday, Dec 1, 2026\.$/,
    );

    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-11-24T09:00' } });
    expect(pressedDays()).toEqual(['Tue']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
