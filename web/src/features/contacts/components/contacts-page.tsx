import type { Person } from '@relate/contracts';
import { PlusIcon, SearchIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useContactColumns } from '@/features/preferences/api/preferences-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCustomFieldNames } from '../api/custom-fields-api';
import {
  PEOPLE_PAGE_SIZE,
  useCreatePerson,
  useDeletePerson,
  usePeople,
  useUpdatePerson,
} from '../api/people-api';
import { ContactDetailDialog } from './contact-detail-dialog';
import { ContactFormDialog } from './contact-form-dialog';
import { ContactsTable, type SortState } from './contacts-table';
import { CsvImportDialog } from './csv-import-dialog';
import { ShareContactsButton } from './share-contacts-button';

export function ContactsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Person | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Person | null>(null);

  const q = useDebouncedValue(search.trim());
  const debouncedFilters = useDebouncedValue(filters);
  const activeFilters = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(debouncedFilters)
          .map(([key, value]) => [key, value.trim()])
          .filter(([, value]) => value),
      ),
    [debouncedFilters],
  );

  const columns = useContactColumns();
  const customFields = useCustomFieldNames();
  const customFieldNames = customFields.data ?? [];
  const people = usePeople({ page, q, sort: sort?.key, order: sort?.order, filters: activeFilters });
  const createPerson = useCreatePerson();
  const updatePerson = useUpdatePerson();
  const deletePerson = useDeletePerson();

  const openId = Number(searchParams.get('contact')) || null;
  const setOpenId = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('contact', String(id));
        else next.delete('contact');
        return next;
      },
      { replace: true },
    );

  // A new search or filter starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: page resets when the query changes
  useEffect(() => setPage(1), [q, activeFilters, sort]);

  useEffect(() => {
    if (people.isError) toast.error('Failed to load contacts');
  }, [people.isError]);

  const visibleColumns = useMemo(
    () => (columns ?? []).filter((column) => column.enabled).sort((a, b) => a.order - b.order),
    [columns],
  );
  const total = people.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PEOPLE_PAGE_SIZE));
  const filtering = q !== '' || Object.keys(activeFilters).length > 0;

  const saveRow = async (person: Person, changes: Record<string, unknown>) => {
    try {
      await updatePerson.mutateAsync({ id: person.id, changes });
      toast.success('Contact updated');
      return true;
    } catch (error) {
      toast.error('Failed to save contact', { description: (error as Error).message });
      return false;
    }
  };

  const addContact = async (payload: Record<string, unknown>) => {
    try {
      await createPerson.mutateAsync(payload);
      toast.success('Contact added');
      return true;
    } catch (error) {
      toast.error('Failed to save contact. Please try again.', { description: (error as Error).message });
      return false;
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const person = toDelete;
    deletePerson.mutate(person.id, {
      onSuccess: () => {
        toast.success('Contact deleted');
        setSelected((current) => {
          const next = new Set(current);
          next.delete(person.id);
          return next;
        });
      },
      onError: () => toast.error('Failed to delete contact'),
    });
    setToDelete(null);
  };

  const noContactsAtAll = !people.isPending && total === 0 && !filtering;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Contacts</h1>
          <p className="text-sm text-muted-foreground">
            {people.isPending
              ? 'Loading...'
              : `${total.toLocaleString()} ${total === 1 ? 'contact' : 'contacts'}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative w-full sm:w-72">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              placeholder="Search contacts..."
              aria-label="Search contacts"
              className="pl-8"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <UploadIcon />
            Import
          </Button>
          <ShareContactsButton contactIds={[...selected]} onShared={() => setSelected(new Set())} />
          <Button onClick={() => setFormOpen(true)}>
            <PlusIcon />
            Add
          </Button>
        </div>
      </div>

      {noContactsAtAll ? (
        <EmptyState
          icon={UsersIcon}
          title="No contacts found"
          description="Add your first contact, or import a CSV file from your spreadsheet or address book."
          action={
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => setImportOpen(true)}>
                <UploadIcon />
                Import CSV
              </Button>
              <Button onClick={() => setFormOpen(true)}>
                <PlusIcon />
                Add Contact
              </Button>
            </div>
          }
        />
      ) : (
        <Card className="overflow-hidden">
          {people.isPending || !columns ? (
            <div className="grid gap-2 p-4">
              {['a', 'b', 'c', 'd', 'e'].map((key) => (
                <Skeleton key={key} className="h-10 w-full" />
              ))}
            </div>
          ) : (
            <ContactsTable
              people={people.data?.people ?? []}
              columns={visibleColumns}
              customFieldNames={customFieldNames}
              sort={sort}
              onSortChange={setSort}
              filters={filters}
              onFilterChange={(key, value) => setFilters((current) => ({ ...current, [key]: value }))}
              selected={selected}
              onSelectedChange={setSelected}
              onOpen={(person) => setOpenId(person.id)}
              onDelete={setToDelete}
              onEditInDialog={setEditing}
              onSaveRow={saveRow}
              emptyText="No contacts found"
            />
          )}
          <div className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row">
            <span>
              {selected.size > 0
                ? `${selected.size} selected`
                : total > 0
                  ? `Showing ${(page - 1) * PEOPLE_PAGE_SIZE + 1}–${Math.min(page * PEOPLE_PAGE_SIZE, total)} of ${total.toLocaleString()}`
                  : ''}
            </span>
            <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
          </div>
        </Card>
      )}

      <ContactFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        person={null}
        customFieldNames={customFieldNames}
        onSubmit={addContact}
      />
      <ContactFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        person={editing}
        customFieldNames={customFieldNames}
        onSubmit={(changes) => (editing ? saveRow(editing, changes) : Promise.resolve(false))}
      />
      <ContactDetailDialog
        personId={openId}
        onOpenChange={(open) => !open && setOpenId(null)}
        customFieldNames={customFieldNames}
        onSave={saveRow}
      />
      <CsvImportDialog open={importOpen} onOpenChange={setImportOpen} customFieldNames={customFieldNames} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Contact"
        description={`Are you sure you want to delete ${toDelete?.full_name || 'this contact'}? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      />
    </div>
  );
}
