import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type Row,
  type RowData,
  type RowSelectionState,
  type Table as TanstackTable,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { HTMLAttributes, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ListSort } from '@/lib/use-list-state';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name as text: card labels and the column menu (the header may be a component). */
    label?: string;
    /** Classes for the column's header and cells (width, alignment). */
    className?: string;
    /** This column's cell is the card's title on narrow screens. */
    primary?: boolean;
  }
}

const SELECT_COLUMN = 'select';

export interface DataTableProps<T> {
  columns: ColumnDef<T, never>[] | ColumnDef<T>[];
  data: T[];
  getRowId: (row: T) => string;
  /** The table's accessible name, e.g. "Contacts". */
  label: string;
  /** A row's name for screen readers (selection checkbox, open hint). */
  getRowLabel?: (row: T) => string;
  /** Server-side sort: the table shows it and asks for a new one; columns opt in with `enableSorting: true`. */
  sort?: ListSort;
  onSortChange?: (sort: ListSort) => void;
  /** Row selection by row id; a checkbox column appears when `onRowSelectionChange` is given. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  /** Hidden columns (`{ columnId: false }`). */
  columnVisibility?: VisibilityState;
  /** Opens a row: on click (outside buttons, links and inputs) and with Enter. */
  onRowOpen?: (row: T) => void;
  /** The row's actions, in a column pinned to the right (stays in view while the table scrolls sideways). */
  rowActions?: (row: T) => ReactNode;
  actionsLabel?: string;
  /** Extra attributes for each row or card (e.g. `data-testid`). */
  rowProps?: (row: T) => HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | undefined>;
  /** A second header row with a filter per column (tables only; phones rely on the search). */
  filterRow?: (columnId: string) => ReactNode;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  /** 'auto' shows cards below 640px and a table above. */
  layout?: 'auto' | 'table' | 'cards';
  className?: string;
}

const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="checkbox"], [role="menuitem"], [data-no-row-open]';

/** Whether a click or key press started on something with its own behaviour inside the row. */
const fromInteractive = (event: MouseEvent | KeyboardEvent) =>
  event.target instanceof Element &&
  event.target !== event.currentTarget &&
  event.target.closest(INTERACTIVE) !== null;

function selectColumn<T>(getRowLabel?: (row: T) => string): ColumnDef<T> {
  return {
    id: SELECT_COLUMN,
    enableSorting: false,
    enableHiding: false,
    meta: { className: 'w-10' },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows on this page"
        checked={
          table.getIsAllPageRowsSelected()
            ? true
            : table.getIsSomePageRowsSelected()
              ? 'indeterminate'
              : false
        }
        onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${getRowLabel?.(row.original) ?? `row ${row.index + 1}`}`}
        checked={row.getIsSelected()}
        onCheckedChange={(checked) => row.toggleSelected(checked === true)}
      />
    ),
  };
}

function SortableHeader<T>({
  header,
  sort,
  onSortChange,
}: {
  header: Header<T, unknown>;
  sort?: ListSort;
  onSortChange?: (sort: ListSort) => void;
}) {
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort() || !onSortChange) return content;
  const active = sort?.id === header.column.id;
  const Icon = !active ? ArrowUpDownIcon : sort.desc ? ArrowDownIcon : ArrowUpIcon;
  const toggle = () =>
    onSortChange({
      id: header.column.id,
      desc: active ? !sort.desc : header.column.columnDef.sortDescFirst === true,
    });
  return (
    <button
      type="button"
      onClick={toggle}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {content}
      <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-40')} />
    </button>
  );
}

const ariaSort = (sort: ListSort | undefined, columnId: string, sortable: boolean) => {
  if (!sortable) return undefined;
  if (sort?.id !== columnId) return 'none' as const;
  return sort.desc ? ('descending' as const) : ('ascending' as const);
};

/** Pinned cells need an opaque background: the row's hover colour mixed over the card. */
const PINNED =
  'sticky right-0 z-10 border-l bg-card shadow-[-6px_0_8px_-6px_rgb(0_0_0/0.12)] group-hover:bg-[color-mix(in_oklab,var(--muted)_40%,var(--card))] group-data-[state=selected]:bg-[color-mix(in_oklab,var(--accent)_60%,var(--card))]';

function rowHandlers<T>(row: Row<T>, onRowOpen?: (row: T) => void) {
  if (!onRowOpen) return {};
  return {
    tabIndex: 0,
    onClick: (event: MouseEvent) => {
      if (!fromInteractive(event)) onRowOpen(row.original);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) {
        event.preventDefault();
        onRowOpen(row.original);
      }
    },
  };
}

function TableLayout<T>({ table, props }: { table: TanstackTable<T>; props: DataTableProps<T> }) {
  const {
    rowActions,
    actionsLabel = 'Actions',
    onRowOpen,
    rowProps,
    sort,
    onSortChange,
    empty,
    label,
    filterRow,
  } = props;
  const columnCount = table.getVisibleLeafColumns().length + (rowActions ? 1 : 0);
  const rows = table.getRowModel().rows;
  return (
    <Table aria-label={label} className={props.className}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead
                key={header.id}
                aria-sort={ariaSort(sort, header.column.id, header.column.getCanSort() && !!onSortChange)}
                className={header.column.columnDef.meta?.className}
              >
                {header.isPlaceholder ? null : (
                  <SortableHeader header={header} sort={sort} onSortChange={onSortChange} />
                )}
              </TableHead>
            ))}
            {rowActions && (
              <TableHead className={cn(PINNED, 'bg-muted text-right')}>
                <span className="sr-only sm:not-sr-only">{actionsLabel}</span>
              </TableHead>
            )}
          </TableRow>
        ))}
        {filterRow && (
          <TableRow className="hover:bg-transparent">
            {table.getVisibleLeafColumns().map((column) => (
              <TableHead key={column.id} className="py-1.5">
                {column.id === SELECT_COLUMN ? null : filterRow(column.id)}
              </TableHead>
            ))}
            {rowActions && <TableHead className={cn(PINNED, 'bg-muted')} />}
          </TableRow>
        )}
      </TableHeader>
      <TableBody>
        {rows.length === 0 && empty ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <TableRow
              key={row.id}
              data-state={row.getIsSelected() ? 'selected' : undefined}
              className={cn(
                'group',
                onRowOpen && 'cursor-pointer focus-visible:bg-accent/60 focus-visible:outline-none',
              )}
              {...rowProps?.(row.original)}
              {...rowHandlers(row, onRowOpen)}
            >
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
              {rowActions && (
                <TableCell className={cn(PINNED, 'py-1.5 text-right')}>
                  <div className="flex items-center justify-end gap-1">{rowActions(row.original)}</div>
                </TableCell>
              )}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function CardLayout<T>({ table, props }: { table: TanstackTable<T>; props: DataTableProps<T> }) {
  const { rowActions, onRowOpen, rowProps, empty, label } = props;
  const rows = table.getRowModel().rows;
  if (rows.length === 0)
    return empty ? <p className="py-10 text-center text-sm text-muted-foreground">{empty}</p> : null;
  return (
    <ul aria-label={label} className={cn('grid gap-3', props.className)}>
      {rows.map((row) => {
        const cells = row.getVisibleCells().filter((cell) => cell.column.id !== SELECT_COLUMN);
        const title = cells.find((cell) => cell.column.columnDef.meta?.primary) ?? cells[0];
        const select = row.getVisibleCells().find((cell) => cell.column.id === SELECT_COLUMN);
        return (
          <li
            key={row.id}
            data-state={row.getIsSelected() ? 'selected' : undefined}
            className={cn(
              'grid gap-3 rounded-lg border bg-card p-4 shadow-xs data-[state=selected]:border-primary/50 data-[state=selected]:bg-accent/40',
              onRowOpen &&
                'cursor-pointer focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            )}
            {...rowProps?.(row.original)}
            {...rowHandlers(row, onRowOpen)}
          >
            <div className="flex items-start gap-3">
              {select && (
                <div className="pt-0.5">{flexRender(select.column.columnDef.cell, select.getContext())}</div>
              )}
              <div className="min-w-0 flex-1 font-medium">
                {title && flexRender(title.column.columnDef.cell, title.getContext())}
              </div>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
              {cells
                .filter((cell) => cell !== title)
                .map((cell) => (
                  <div key={cell.id} className="contents">
                    <dt className="text-muted-foreground">
                      {cell.column.columnDef.meta?.label ?? cell.column.id}
                    </dt>
                    <dd className="min-w-0 break-words">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </dd>
                  </div>
                ))}
            </dl>
            {rowActions && (
              <div className="flex flex-wrap items-center justify-end gap-1 border-t pt-2">
                {rowActions(row.original)}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The one list component (TanStack Table): server-side sorting with `aria-sort`, row selection, column
 * visibility, a pinned actions column, Enter to open a row, and cards instead of a table on phones.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, data, getRowId, rowSelection, onRowSelectionChange, columnVisibility, getRowLabel } =
    props;
  const narrow = useMediaQuery(NARROW_SCREEN);
  const selectable = onRowSelectionChange !== undefined;
  const table = useReactTable<T>({
    data,
    columns: selectable
      ? [selectColumn(getRowLabel), ...(columns as ColumnDef<T>[])]
      : (columns as ColumnDef<T>[]),
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    defaultColumn: { enableSorting: false },
    enableRowSelection: selectable,
    state: {
      rowSelection: rowSelection ?? {},
      columnVisibility: columnVisibility ?? {},
    },
    onRowSelectionChange: (updater) => {
      const current = rowSelection ?? {};
      onRowSelectionChange?.(typeof updater === 'function' ? updater(current) : updater);
    },
  });
  const layout = props.layout === 'auto' || !props.layout ? (narrow ? 'cards' : 'table') : props.layout;
  return layout === 'cards' ? (
    <CardLayout table={table} props={props} />
  ) : (
    <TableLayout table={table} props={props} />
  );
}
