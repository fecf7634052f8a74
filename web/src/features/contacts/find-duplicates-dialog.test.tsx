import type { Person, PersonDuplicatesResponse } from '@relate/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { FindDuplicatesDialog } from './components/find-duplicates-dialog';

const person = (id: number, name: string): Person =>
  ({
    id,
    full_name: name,
    email: `person${id}@example.com`,
    phone: null,
    organization: null,
    created_at: '2026-11-20T10:00:00.000Z',
  }) as Person;

/** 420 name groups of 143 records each: 60,060 contacts, as in the report. */
function manyDuplicates(): PersonDuplicatesResponse {
  let id = 0;
  const groups = Array.from({ length: 420 }, (_, index) => {
    const name = `Name ${String(index + 1).padStart(3, '0')}`;
    return {
      key: name.toLowerCase(),
      full_name: name,
      identical: false,
      people: Array.from({ length: 143 }, () => person(++id, name)),
    };
  });
  return { groups, total_duplicates: id - 420, auto_mergeable: 0, manual_review: 420 };
}

describe('Find Duplicates on a large address book', { timeout: 60_000 }, () => {
  it('shows a page of groups with a few records each, and reaches the last group', async () => {
    server.use(http.get(api('/people/duplicates'), () => HttpResponse.json(manyDuplicates())));
    const { user } = renderWithProviders(<FindDuplicatesDialog open onOpenChange={() => {}} />);
    // 60,000 records take a while to answer and parse on a busy machine.
    const list = await screen.findByTestId('duplicate-groups', {}, { timeout: 20_000 });

    const groups = within(list).getAllByTestId('duplicate-group');
    expect(groups).toHaveLength(10);
    // Not 60,000 buttons: ten records per group until asked for more.
    expect(within(list).getAllByRole('button', { name: 'Keep This' })).toHaveLength(100);
    expect(groups[0]).toHaveTextContent('Name 001');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    const last = within(screen.getByTestId('duplicate-groups')).getAllByTestId('duplicate-group');
    expect(last.at(-1)).toHaveTextContent('Name 420');

    await user.click(within(last[0]).getByRole('button', { name: 'Show all 143 records' }));
    expect(within(last[0]).getAllByRole('button', { name: 'Keep This' })).toHaveLength(143);
  });
});
