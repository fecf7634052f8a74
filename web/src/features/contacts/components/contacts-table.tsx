import type { ContactColumn, Person } from '@relate/contracts';
import {
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  CheckIcon,
  PencilIcon,
  SquarePenIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { CUSTOM_PREFIX, columnLabel, fieldByKey } from '../fields';
import { type ContactFormValues, changedFields, toFormValues } from '../form-values';
import { CellValue } from './cell-value';
import { FieldInput } from './field-input';

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

interface ContactsTableProps {
  people: Person[];
  columns: ContactColumn[];
  customFieldNames: string[];
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  filters: Record<string, string>;
  onFilterChange: (key: string, value: string) => void;
  selected: Set<number>;
  onSelectedChange: (selected: Set<number>) => void;
  onOpen: (person: Person) => void;
  onDelete: (person: Person) => void;
  onEditInDialog: (person: Person) => void;
  onSaveRow: (person: Person, changes: Record<string, unknown>) => Promise<boolean>;
  emptyText: string;
}

function SortIcon({ active, order }: { active: boolean; order?: 'asc' | 'desc' }) {
  if (!active) return <ArrowUpDownIcon className="size-3 opacity-40" />;
  return order === 'asc' ? <ArrowUpIcon className="size-3" /> : <ArrowDownIcon className="size-3" />;
}

/** Columns that can be edited in place: contact fields and custom fields, not created_at. */
const editable = (key: string) => key.startsWith(CUSTOM_PREFIX) || fieldByKey.has(key);

export function ContactsTable({
  people,
  columns,
  customFieldNames,
  sort,
  onSortChange,
  filters,
  onFilterChange,
  selected,
  onSelectedChange,
  onOpen,
  onDelete,
  onEditInDialog,
  onSaveRow,
  emptyText,
}: ContactsTableProps) {
  const [editing, setEditing] = useState<{
    id: number;
    original: ContactFormValues;
    values: ContactFormValues;
  } | null>(null);
  const [saving, setSaving] = useState(false);

  const allSelected = people.length > 0 && people.every((person) => selected.has(person.id));
  const someSelected = people.some((person) => selected.has(person.id));

  const toggleAll = () => {
    const next = new Set(selected);
    for (const person of people) {
      if (allSelected) next.delete(person.id);
      else next.add(person.id);
    }
    onSelectedChange(next);
  };

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  const cycleSort = (key: string) => {
    if (sort?.key !== key) onSortChange({ key, order: 'asc' });
    else if (sort.order === 'asc') onSortChange({ key, order: 'desc' });
    else onSortChange(null);
  };

  const startEdit = (person: Person) => {
    const values = toFormValues(person as unknown as Record<string, unknown>, customFieldNames);
    setEditing({ id: person.id, original: values, values });
  };

  const saveEdit = async (person: Person) => {
    if (!editing) return;
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

  return (
    <Table className="min-w-max">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10">
            <Checkbox
              checked={allSelected ? true : someSelected ? 'indeterminate' : false}
              onCheckedChange={toggleAll}
              aria-label="Select all contacts on this page"
            />
          </TableHead>
          {columns.map((column) => (
            <TableHead key={column.key}>
              <button
                type="button"
                className="inline-flex items-center gap-1 uppercase hover:text-foreground"
                onClick={() => cycleSort(column.key)}
              >
                {column.label || columnLabel(column.key)}
                <SortIcon active={sort?.key === column.key} order={sort?.order} />
              </button>
            </TableHead>
          ))}
          <TableHead className="w-24 text-right">Actions</TableHead>
        </TableRow>
        <TableRow className="hover:bg-transparent">
          <TableHead />
          {columns.map((column) => (
            <TableHead key={column.key} className="py-1.5">
              <Input
                className="h-7 min-w-28 text-xs font-normal normal-case"
                placeholder="Filter..."
                aria-label={`Filter ${column.label || columnLabel(column.key)}`}
                value={filters[column.key] ?? ''}
                onChange={(event) => onFilterChange(column.key, event.target.value)}
              />
            </TableHead>
          ))}
          <TableHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {people.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length + 2} className="py-14 text-center text-muted-foreground">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : (
          people.map((person) => {
            const isEditing = editing?.id === person.id;
            return (
              <TableRow
                key={person.id}
                data-testid="contact-row"
                data-state={selected.has(person.id) ? 'selected' : undefined}
                className={cn(!isEditing && 'cursor-pointer')}
                onClick={() => !isEditing && onOpen(person)}
              >
                <TableCell onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    checked={selected.has(person.id)}
                    onCheckedChange={() => toggle(person.id)}
                    aria-label={`Select ${person.full_name || 'contact'}`}
                  />
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column.key} className="max-w-64">
                    {editing && isEditing && editable(column.key) ? (
                      <FieldInput
                        compact
                        id={`inline-${column.key}`}
                        field={
                          fieldByKey.get(column.key) ?? {
                            key: column.key,
                            label: columnLabel(column.key),
                            kind: 'text',
                          }
                        }
                        value={editing.values[column.key] ?? ''}
                        onChange={(value) =>
                          setEditing({ ...editing, values: { ...editing.values, [column.key]: value } })
                        }
                      />
                    ) : (
                      <CellValue person={person} columnKey={column.key} />
                    )}
                  </TableCell>
                ))}
                <TableCell className="text-right" onClick={(event) => event.stopPropagation()}>
                  {isEditing ? (
                    <div className="flex justify-end gap-1">
                      <Button
                        size="icon"
                        className="size-8"
                        onClick={() => saveEdit(person)}
                        disabled={saving}
                      >
                        <CheckIcon />
                        <span className="sr-only">Save</span>
                      </Button>
                      <Button
                        size="icon"
                        variant="outline"
                        className="size-8"
                        onClick={() => setEditing(null)}
                      >
                        <XIcon />
                        <span className="sr-only">Cancel</span>
                      </Button>
                    </div>
                  ) : (
                    <div className="flex justify-end gap-1">
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8"
                        onClick={() => startEdit(person)}
                      >
                        <PencilIcon />
                        <span className="sr-only">Edit row</span>
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8"
                        onClick={() => onEditInDialog(person)}
                      >
                        <SquarePenIcon />
                        <span className="sr-only">Edit contact</span>
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8 text-destructive hover:text-destructive"
                        onClick={() => onDelete(person)}
                      >
                        <Trash2Icon />
                        <span className="sr-only">Delete</span>
                      </Button>
                    </div>
                  )}
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
