import type { ContactColumn, Person } from '@relate/contracts';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { CheckIcon, PencilIcon, Share2Icon, SquarePenIcon, Trash2Icon, XIcon } from 'lucide-react';
import { createContext, type KeyboardEvent, Suspense, startTransition, use, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { IconButton } from '@/components/icon-button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import type { ListSort } from '@/lib/use-list-state';
import { CUSTOM_PREFIX, columnLabel, contactLabel, fieldByKey, NAME_KEYS } from '../fields';
import type { ContactFormValues } from '../form-values';
import { CellValue, columnValue } from './cell-value';

// The row editor (its inputs with the select fields' Radix Select, and the form values code) loads when
// a row is first edited, or earlier when the pointer or focus reaches a row. Starting an edit is a
// transition inside the table's Suspense boundary, so the row keeps showing its values until the
// inputs are there, then turns into the editor at once.
const FieldInput = lazyWithPreload(async () => (await import('./field-input')).FieldInput);
const loadFormValues = () => import('../form-values');

interface ContactsTableProps {
  people: Person[];
  columns: ContactColumn[];
  customFieldNames: string[];
  sort: ListSort | undefined;
  onSortChange: (sort: ListSort) => void;
  filters: Record<string, string>;
  onFilterChange: (key: string, value: string) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onOpen: (person: Person) => void;
  onDelete: (person: Person) => void;
  onEditInDialog: (person: Person) => void;
  /** Start downloading the dialogs a row opens (the pointer or focus has reached a row). */
  onPreloadDialogs?: () => void;
  onSaveRow: (person: Person, changes: Record<string, unknown>) => Promise<boolean>;
  emptyText: string;
}

/** Columns that can be edited in place: contact fields and custom fields, not created_at. */
const editable = (key: string) => key.startsWith(CUSTOM_PREFIX) || fieldByKey.has(key);

interface RowEdit {
  id: number;
  original: ContactFormValues;
  values: ContactFormValues;
}

const nameOf = (person: Person) => contactLabel(person) || 'contact';

interface RowEditState {
  editing: RowEdit | null;
  change: (key: string, value: string) => void;
}
const RowEditContext = createContext<RowEditState>({ editing: null, change: () => {} });

/** One cell: the row editor's input while its row is edited, else the value (with the shared mark first). */
function ContactCell({
  person,
  columnKey,
  label,
  primary,
  standIn,
}: {
  person: Person;
  columnKey: string;
  label: string;
  primary: boolean;
  standIn: boolean;
}) {
  const { editing, change } = use(RowEditContext);
  if (editing?.id === person.id && editable(columnKey))
    return (
      <FieldInput
        compact
        field={fieldByKey.get(columnKey) ?? { key: columnKey, label, kind: 'text' }}
        value={editing.values[columnKey] ?? ''}
        onChange={(value) => change(columnKey, value)}
      />
    );
  const value = <CellValue person={person} columnKey={columnKey} standIn={standIn} />;
  if (!primary || !person.shared_by) return value;
  return (
    <span className="inline-flex items-center gap-1.5">
      {value}
      <Share2Icon
        className="size-3.5 shrink-0 text-muted-foreground"
        aria-label={`Shared by ${person.shared_by}`}
      >
        <title>{`Shared by ${person.shared_by}`}</title>
      </Share2Icon>
    </span>
  );
}

/** Placeholder rows while the contacts load. */
export function ContactsTableSkeleton() {
  return (
    <div className="grid gap-2 p-4">
      {['a', 'b', 'c', 'd', 'e'].map((key) => (
        <Skeleton key={key} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** The contacts list: the user's columns, server-side sort and filters, inline row editing. */
export function ContactsTable(props: ContactsTableProps) {
  const { people, columns, customFieldNames, onSaveRow } = props;
  const [editing, setEditing] = useState<RowEdit | null>(null);
  const [saving, setSaving] = useState(false);

  // The columns stay the same while a row is edited: a cell reads the edit from context, so that its
  // input is not mounted anew (losing focus) at every keystroke.
  const tableColumns = useMemo<ColumnDef<Person>[]>(() => {
    const standInKey = columns.find((column) => NAME_KEYS.has(column.key))?.key;
    return columns.map((column, index) => {
      const label = column.label || columnLabel(column.key);
      return {
        id: column.key,
        accessorFn: (person) => columnValue(person, column.key),
        header: label,
        enableSorting: true,
        meta: { label, primary: index === 0, className: 'max-w-64' },
        cell: ({ row }) => (
          <ContactCell
            person={row.original}
            columnKey={column.key}
            label={label}
            primary={index === 0}
            standIn={column.key === standInKey}
          />
        ),
      };
    });
  }, [columns]);
  const rowEdit = useMemo<RowEditState>(
    () => ({
      editing,
      change: (key, value) =>
        setEditing((current) => current && { ...current, values: { ...current.values, [key]: value } }),
    }),
    [editing],
  );

  const preload = () => {
    FieldInput.preload();
    void loadFormValues();
    props.onPreloadDialogs?.();
  };

  const startEdit = async (person: Person) => {
    const { toFormValues } = await loadFormValues();
    const values = toFormValues(person, customFieldNames);
    startTransition(() => setEditing({ id: person.id, original: values, values }));
  };

  const saveEdit = async (person: Person) => {
    if (!editing) return;
    const { changedFields } = await loadFormValues();
    const changes = changedFields(editing.original, editing.values);
    if (Object.keys(changes).length === 0) {
      setEditing(null);
      return;
    }
    setSaving(true);
    const saved = await onSaveRow(person, changes);
    setSaving(false);
    if (saved) setEditing(null);
  };

  /** In the row being edited, Enter in a text input saves and Escape cancels (a select keeps its own keys). */
  const editorKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!editing || !(target instanceof HTMLInputElement) || !target.closest('[data-editing]')) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      const person = people.find((candidate) => candidate.id === editing.id);
      if (person && !saving) void saveEdit(person);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(null);
    }
  };

  return (
    <RowEditContext value={rowEdit}>
      <Suspense fallback={<ContactsTableSkeleton />}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys belong to the inputs inside, bubbling here */}
        <div className="contents" onKeyDown={editorKeys}>
          <DataTable
            label="Contacts"
            columns={tableColumns}
            data={people}
            getRowId={(person) => String(person.id)}
            getRowLabel={nameOf}
            sort={props.sort}
            onSortChange={props.onSortChange}
            rowSelection={props.selection}
            onRowSelectionChange={props.onSelectionChange}
            onRowOpen={(person) => editing?.id !== person.id && props.onOpen(person)}
            rowProps={(person) => ({
              'data-testid': 'contact-row',
              'data-editing': editing?.id === person.id ? 'true' : undefined,
              onPointerEnter: preload,
              onFocus: preload,
            })}
            className="sm:min-w-max"
            empty={props.emptyText}
            filterRow={(key) => {
              const label = columns.find((column) => column.key === key)?.label || columnLabel(key);
              return (
                <Input
                  className="h-7 min-w-28 text-xs font-normal normal-case"
                  placeholder="Filter..."
                  aria-label={`Filter ${label}`}
                  value={props.filters[key] ?? ''}
                  onChange={(event) => props.onFilterChange(key, event.target.value)}
                />
              );
            }}
            rowActions={(person) =>
              editing?.id === person.id ? (
                <>
                  <IconButton
                    icon={CheckIcon}
                    label="Save"
                    variant="default"
                    onClick={() => saveEdit(person)}
                    disabled={saving}
                  />
                  <IconButton
                    icon={XIcon}
                    label="Cancel"
                    variant="outline"
                    onClick={() => setEditing(null)}
                  />
                </>
              ) : (
                <>
                  <IconButton icon={PencilIcon} label="Edit row" onClick={() => startEdit(person)} />
                  <IconButton
                    icon={SquarePenIcon}
                    label="Edit contact"
                    onClick={() => props.onEditInDialog(person)}
                  />
                  <IconButton
                    icon={Trash2Icon}
                    label="Delete"
                    className="text-destructive hover:text-destructive"
                    onClick={() => props.onDelete(person)}
                  />
                </>
              )
            }
          />
        </div>
      </Suspense>
    </RowEditContext>
  );
}
