import {
  DUPLICATE_PEOPLE_SHOWN,
  type Person,
  type PersonDuplicateGroup,
  type PersonDuplicatesResponse,
} from '@relate/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
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
function manyGroups(): PersonDuplicateGroup[] {
  let id = 0;
  return Array.from({ length: 420 }, (_, index) => {
    const name = `Name ${String(index + 1).padStart(3, '0')}`;
    const people = Array.from({ length: 143 }, () => person(++id, name));
    return { key: name.toLowerCase(), full_name: name, identical: false, count: people.length, people };
  });
}

/**
 * The server as it answers: the scan with each group's count and first people, the group route with
 * all of a group's people (after a pause, to see the loading state). Records the group keys asked for
 * and the resolve bodies.
 */
function serve(groups: PersonDuplicateGroup[]) {
  const asked: string[] = [];
  const resolved: { keep_id: number | null; delete_ids: number[] }[] = [];
  const scan: PersonDuplicatesResponse = {
    groups: groups.map((group) => ({ ...group, people: group.people.slice(0, DUPLICATE_PEOPLE_SHOWN) })),
    total_duplicates: groups.reduce((sum, group) => sum + group.count - 1, 0),
    auto_mergeable: 0,
    manual_review: groups.length,
  };
  server.use(
    http.get(api('/people/duplicates'), () => HttpResponse.json(scan)),
    http.get(api('/people/duplicates/group'), async ({ request }) => {
      const key = new URL(request.url).searchParams.get('key') ?? '';
      asked.push(key);
      await delay(200);
      const group = groups.find((candidate) => candidate.key === key);
      return group
        ? HttpResponse.json(group)
        : HttpResponse.json({ error: 'Duplicate group not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.post(api('/people/duplicates/resolve'), async ({ request }) => {
      const body = (await request.json()) as (typeof resolved)[number];
      resolved.push(body);
      return HttpResponse.json({ deleted: body.delete_ids.length });
    }),
  );
  return { asked, resolved };
}

// Sonner keeps its toasts between tests: a new Toaster would show the last test's again.
afterEach(() => {
  toast.dismiss();
});

describe('Find Duplicates on a large address book', { timeout: 60_000 }, () => {
  it('shows a page of groups with a few records each, and fetches a whole group on Show all', async () => {
    const groups = manyGroups();
    const { asked } = serve(groups);
    const { user } = renderWithProviders(<FindDuplicatesDialog open onOpenChange={() => {}} />);
    const list = await screen.findByTestId('duplicate-groups', {}, { timeout: 20_000 });

    const onFirst = within(list).getAllByTestId('duplicate-group');
    expect(onFirst).toHaveLength(10);
    // Not 60,000 buttons: ten records per group until asked for more.
    expect(within(list).getAllByRole('button', { name: 'Keep This' })).toHaveLength(100);
    expect(onFirst[0]).toHaveTextContent('Name 001 (143 records)');
    expect(asked).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    const last = within(screen.getByTestId('duplicate-groups')).getAllByTestId('duplicate-group');
    expect(last.at(-1)).toHaveTextContent('Name 420');

    await user.click(within(last[0]).getByRole('button', { name: 'Show all 143 records' }));
    expect(await within(last[0]).findByRole('status')).toHaveTextContent('Loading all 143 records');
    await waitFor(() =>
      expect(within(last[0]).getAllByRole('button', { name: 'Keep This' })).toHaveLength(143),
    );
    expect(within(last[0]).queryByRole('status')).not.toBeInTheDocument();
    expect(within(last[0]).queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
    expect(asked).toEqual(['name 411']);
    expect(within(last[0]).getByText('person58773@example.com')).toBeInTheDocument();
  });

  it('keeps one record of a group shown in part, deleting every other one of the group', async () => {
    const groups = manyGroups().slice(0, 3);
    const { asked, resolved } = serve(groups);
    const { user } = renderWithProviders(
      <>
        <FindDuplicatesDialog open onOpenChange={() => {}} />
        <Toaster />
      </>,
    );
    const [first, second] = within(await screen.findByTestId('duplicate-groups')).getAllByTestId(
      'duplicate-group',
    );

    await user.click(within(first).getAllByRole('button', { name: 'Keep This' })[2]);
    await waitFor(() => expect(resolved).toHaveLength(1));
    expect(asked).toEqual(['name 001']);
    const others = groups[0].people.map((each) => each.id).filter((id) => id !== 3);
    expect(resolved[0]).toEqual({ keep_id: 3, delete_ids: others });
    expect(
      await screen.findByText('Kept record for Name 001 and deleted 142 duplicates.'),
    ).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Delete All Records' }));
    await waitFor(() => expect(resolved).toHaveLength(2));
    expect(resolved[1]).toEqual({ keep_id: null, delete_ids: groups[1].people.map((each) => each.id) });
    expect(await screen.findByText('Deleted all 143 records for Name 002.')).toBeInTheDocument();
  });
});
