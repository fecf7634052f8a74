import type { ContactColumn } from '@relate/contracts';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useContactColumns, useSaveContactColumns } from '../api/columns-api';
import { useCustomFieldNames } from '../api/custom-fields-api';
import { CUSTOM_PREFIX } from '../fields';

/** The saved columns plus a (disabled) column for every custom field not yet among them. */
function withCustomColumns(columns: ContactColumn[], customFieldNames: string[]): ContactColumn[] {
  const known = new Set(columns.map((column) => column.key));
  const extra = customFieldNames
    .filter((name) => !known.has(`${CUSTOM_PREFIX}${name}`))
    .map((name, index) => ({
      key: `${CUSTOM_PREFIX}${name}`,
      label: name,
      enabled: false,
      order: columns.length + index + 1,
    }));
  return [...columns, ...extra].sort((a, b) => a.order - b.order);
}

export function ManageColumnsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const saved = useContactColumns();
  const customFields = useCustomFieldNames();
  const save = useSaveContactColumns();
  const [columns, setColumns] = useState<ContactColumn[]>([]);

  useEffect(() => {
    if (open && saved) setColumns(withCustomColumns(saved, customFields.data ?? []));
  }, [open, saved, customFields.data]);

  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [column] = next.splice(index, 1);
    next.splice(index + by, 0, column);
    setColumns(next.map((item, position) => ({ ...item, order: position + 1 })));
  };

  const toggle = (key: string) =>
    setColumns(
      columns.map((column) => (column.key === key ? { ...column, enabled: !column.enabled } : column)),
    );

  const submit = () =>
    save.mutate(
      { contact_columns: columns },
      {
        onSuccess: () => {
          toast.success('Table columns saved');
          onOpenChange(false);
        },
        onError: () => {
          toast.error('Failed to save table column settings', {
            description: 'They are saved locally in this browser and used until the server accepts them.',
          });
          onOpenChange(false);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Table Columns</DialogTitle>
          <DialogDescription>
            Choose which columns the contacts table shows, and in what order.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid max-h-96 gap-1 overflow-y-auto pr-1">
          {columns.map((column, index) => (
            <li key={column.key} className="flex items-center gap-3 rounded-lg border px-3 py-1.5">
              <Checkbox
                id={`column-${column.key}`}
                checked={column.enabled}
                onCheckedChange={() => toggle(column.key)}
              />
              <label htmlFor={`column-${column.key}`} className="flex-1 text-sm">
                {column.label}
              </label>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUpIcon />
                <span className="sr-only">Move {column.label} up</span>
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                disabled={index === columns.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDownIcon />
                <span className="sr-only">Move {column.label} down</span>
              </Button>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            Save Columns
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
