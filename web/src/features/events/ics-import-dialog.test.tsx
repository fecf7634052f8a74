import type { EventImportResult } from '@relate/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { CalendarSettings } from './components/calendar-settings';

function renderSettings(result: EventImportResult) {
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
    http.post(api('/events/import'), () => HttpResponse.json(result)),
  );
  return renderWithProviders(<CalendarSettings />);
}

const ics = () => new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'work.ics', { type: 'text/calendar' });

describe('Settings → Calendar: Import Events', () => {
  it('shows what was imported and what was skipped, with the reasons, in a dialog that stays open', async () => {
    const { user } = renderSettings({
      imported: 1204,
      updated: 0,
      skipped: 2,
      errors: [
        {
          uid: 'board@example.com',
          line: 12,
          error: 'Relate cannot repeat on the second Tuesday of a month',
        },
        { uid: null, line: 40, error: 'The event has no valid start (DTSTART)' },
      ],
      warnings: [
        { uid: 'standup@example.com', warning: '2 changed occurrences were imported as the series' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Import Events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Events' });
    await user.upload(within(dialog).getByLabelText('Calendar file'), ics());

    expect(
      await within(dialog).findByText('work.ics: 1,204 events imported, 2 skipped.'),
    ).toBeInTheDocument();
    const skipped = within(dialog).getByRole('list', { name: 'Events not imported (2)' });
    expect(skipped).toHaveTextContent(
      'board@example.com: Relate cannot repeat on the second Tuesday of a month',
    );
    expect(skipped).toHaveTextContent('Line 40: The event has no valid start (DTSTART)');
    const partly = within(dialog).getByRole('list', { name: 'Imported in part (1)' });
    expect(partly).toHaveTextContent(
      'standup@example.com: 2 changed occurrences were imported as the series',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Import Events' })).not.toBeInTheDocument();
  });

  it('says every event was imported, with one event in the singular', async () => {
    const { user } = renderSettings({ imported: 1, updated: 0, skipped: 0, errors: [], warnings: [] });
    await user.click(screen.getByRole('button', { name: 'Import Events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Events' });
    await user.upload(within(dialog).getByLabelText('Calendar file'), ics());
    expect(await within(dialog).findByText('work.ics: 1 event imported.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says which events were already in Relate and were updated rather than copied', async () => {
    const { user } = renderSettings({ imported: 0, updated: 3, skipped: 0, errors: [], warnings: [] });
    await user.click(screen.getByRole('button', { name: 'Import Events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Events' });
    await user.upload(within(dialog).getByLabelText('Calendar file'), ics());
    expect(await within(dialog).findByText('work.ics: 3 events updated.')).toBeInTheDocument();
  });
});
