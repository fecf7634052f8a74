import { PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useAddCustomField, useCustomFieldNames, useDeleteCustomField } from '../api/custom-fields-api';

export function ManageCustomFieldsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fields = useCustomFieldNames();
  const add = useAddCustomField();
  const remove = useDeleteCustomField();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const names = fields.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Field name is required');
    if (names.some((existing) => existing.toLowerCase() === trimmed.toLowerCase()))
      return setError('Field name already exists');
    setError(null);
    add.mutate(trimmed, {
      onSuccess: () => {
        setName('');
        toast.success(`Custom field "${trimmed}" added`);
      },
      onError: (failure) => {
        setError(failure.message);
        toast.error('Failed to create custom field', { description: failure.message });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Custom Fields</DialogTitle>
          <DialogDescription>
            Extra text fields every contact can have. They appear on the Custom Fields tab.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-1.5" noValidate>
          <div className="flex gap-2">
            <Input
              placeholder="Field name, e.g. Birthday gift"
              aria-label="New field name"
              value={name}
              aria-invalid={Boolean(error)}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
            <Button type="submit" disabled={add.isPending}>
              <PlusIcon />
              Add Field
            </Button>
          </div>
          {error && <p className="text-xs text-destructive">{error}</p>}
        </form>
        <ul className="grid max-h-72 gap-1 overflow-y-auto">
          {names.length === 0 ? (
            <li className="py-6 text-center text-sm text-muted-foreground">No custom fields yet.</li>
          ) : (
            names.map((field) => (
              <li
                key={field}
                className="flex items-center justify-between rounded-lg border px-3 py-2 text-sm"
              >
                <span className="font-medium">{field}</span>
                <Button variant="ghost" size="icon" className="size-8" onClick={() => setToDelete(field)}>
                  <Trash2Icon className="text-destructive" />
                  <span className="sr-only">Delete {field}</span>
                </Button>
              </li>
            ))
          )}
        </ul>
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(next) => !next && setToDelete(null)}
          title="Delete custom field"
          description={`Delete the field "${toDelete}"? Its value is removed from all contacts.`}
          confirmLabel="Delete"
          destructive
          onConfirm={() => {
            if (toDelete)
              remove.mutate(toDelete, {
                onSuccess: () => toast.success(`Custom field "${toDelete}" deleted`),
                onError: (failure) =>
                  toast.error('Failed to delete custom field', { description: failure.message }),
              });
            setToDelete(null);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
