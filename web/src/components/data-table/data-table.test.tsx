import type { ColumnDef, RowSelectionState, VisibilityState } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { ListSort } from '@/lib/use-list-state';
import { ColumnVisibilityMenu, hideableColumns } from './column-visibility-menu';
import { DataTable, type DataTableProps } from './data-table';

interface Person {
  id: number;
  name: string;
  city: string;
}

const people: Person[] = [
  { id: 1, name: 'Ada Lovelace', city: 'London' },
  { id: 2, name: 'Grace Hopper', city: 'New York' },
];

const columns: ColumnDef<Person>[] = [
  { accessorKey: 'name', header: 'Name', enableSorting: true, meta: { label: 'Name', primary: true } },
  { accessorKey: 'city', header: 'City', meta: { label: 'City' } },
];

function Harness(props: Partial<DataTableProps<Person>>) {
  const [sort, setSort] = useState<ListSort>({ id: 'name', desc: false });
  const [selection, setSelection] = useState<RowSelectionState>({});
  return (
    <TooltipProvider>
      <p data-testid="selection">{Object.keys(selection).join(',')}</p>
      <DataTable
        label="People"
        columns={columns}
        data={people}
        getRowId={(person) => String(person.id)}
        getRowLabel={(person) => person.name}
        sort={sort}
        onSortChange={setSort}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        rowActions={(person) => (
          <button type="button" onClick={() => props.onRowOpen?.({ ...person, name: `edit ${person.name}` })}>
            Edit {person.name}
          </button>
        )}
        {...props}
      />
    </TooltipProvider>
  );
}

describe('DataTable', () => {
  it('marks the sorted column with aria-sort and flips the order on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'City' })).not.toHaveAttribute('aria-sort');

    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  });

  it('selects rows one by one and all rows of the page', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect(screen.getByTestId('selection')).toHaveTextContent(/^2$/);
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveAttribute(
      'data-state',
      'indeterminate',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selection')).toHaveTextContent('1,2');
    expect(screen.getAllByRole('row')[1]).toHaveAttribute('data-state', 'selected');
  });

  it('keeps the actions in a column pinned to the right edge', () => {
    render(<Harness />);
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    const actionCell = screen.getByRole('button', { name: 'Edit Ada Lovelace' }).closest('td');
    for (const cell of [header, actionCell]) expect(cell).toHaveClass('sticky', 'right-0');
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.at(-1)).toBe(actionCell);
  });

  it('opens a row with Enter or a click, but not when a button inside it is used', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn();
    render(<Harness onRowOpen={onRowOpen} />);
    const row = screen.getByRole('row', { name: /Ada Lovelace/ });
    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenLastCalledWith(people[0]);

    await user.click(within(row).getByText('London'));
    expect(onRowOpen).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    expect(onRowOpen).toHaveBeenCalledTimes(2);
  });

  it('hides columns that are switched off', () => {
    render(<Harness columnVisibility={{ city: false }} />);
    expect(screen.queryByRole('columnheader', { name: 'City' })).not.toBeInTheDocument();
    expect(screen.queryByText('London')).not.toBeInTheDocument();
  });

  it('hides and shows a column from the Columns menu, which never offers the primary column', async () => {
    const user = userEvent.setup();
    function WithMenu() {
      const [visibility, setVisibility] = useState<VisibilityState>({});
      return (
        <>
          <ColumnVisibilityMenu
            columns={hideableColumns(columns)}
            visibility={visibility}
            onVisibilityChange={setVisibility}
          />
          <Harness columnVisibility={visibility} />
        </>
      );
    }
    render(<WithMenu />);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.queryByRole('menuitemcheckbox', { name: /Name/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitemcheckbox', { name: /City/ }));
    expect(screen.getByRole('menuitemcheckbox', { name: /City/ })).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: 'City' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: /City/ }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('columnheader', { name: 'City' })).toBeInTheDocument();
  });

  it('shows a card per row on narrow screens, titled by the primary column, with its actions', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn();
    render(<Harness layout="cards" onRowOpen={onRowOpen} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText('City').nextSibling).toHaveTextContent('New York');
    await user.click(within(cards[1]!).getByRole('button', { name: 'Edit Grace Hopper' }));
    expect(onRowOpen).toHaveBeenCalledWith({ ...people[1], name: 'edit Grace Hopper' });
  });

  it('chooses cards by itself below 640px', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(max-width: 639px)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(<Harness />);
      expect(screen.getByRole('list', { name: 'People' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
