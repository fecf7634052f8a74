import type { Person } from '@relate/contracts';
import type { RowSelectionState } from '@tanstack/react-table';
import { PlusIcon, SearchIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { type ReactNode, Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatListTotal, Pagination } from '@/components/ui/pagination';
import { formatNumber, pluralWord } from '@/lib/format';
import { lazyWithPreload, preloadOn, useOpenedOnce } from '@/lib/lazy-with-preload';
import { toast } from '@/lib/toast';
import { toastDeletedWithUndo } from '@/lib/undo-toast';
import { NEW_PARAM, useUrlAction } from '@/lib/url-action';
import { useListState } from '@/lib/use-list-state';
import { useContactColumns } from '../api/columns-api';
import { useCustomFieldNames } from '../api/custom-fields-api';
import {
  PEOPLE_PAGE_SIZE,
  useCreatePerson,
  useDeletePerson,
  usePeople,
  useRestoreDeletedPeople,
  useUpdatePerson,
} from '../api/people-api';
import { ContactsTable, ContactsTableSkeleton } from './contacts-table';
import { ExportSelectionButton } from './export-selection-button';

// The dialogs, their forms and the contracts' zod schemas they validate with are downloaded when a
// dialog first opens (issue 18: the list's first load stays small). Pointing at or focusing the button
// that opens one starts the download; opening is a transition, so the page stays as it is until the
// dialog's code is there and the dialog then opens as usual, with no empty frame in between.
const ContactDetailDialog = lazyWithPreload(
  async () => (await import('./contact-detail-dialog')).ContactDetailDialog,
);
const ContactFormDialog = lazyWithPreload(
  async () => (await import('./contact-form-dialog')).ContactFormDialog,
);
const CsvImportDialog = lazyWithPreload(async () => (await import('./csv-import-dialog')).CsvImportDialog);
const CompanyFilter = lazyWithPreload(async () => (await import('./company-filter')).CompanyFilter);
const ConfirmDialog = lazyWithPreload(
  async () => (await import('@/components/ui/confirm-dialog')).ConfirmDialog,
);

interface ContactsPageProps {
  /** The share action for the selected contacts (composed by the route: sharing needs the group). */
  shareAction: (contactIds: number[], onShared: () => void) => ReactNode;
  /** More actions in a contact's detail dialog (composed by the route, e.g. Google's). */
  contactActions?: (contactId: number) => ReactNode;
  /** A contact's Timeline tab in its detail dialog (the timeline feature's). */
  contactTimeline?: (contactId: number) => ReactNode;
}

/** /contacts: search, filter, sort and page through the contacts; add, edit, import and share them. */
export function ContactsPage({ shareAction, contactActions, contactTimeline }: ContactsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const columns = useContactColumns();
  const visibleColumns = useMemo(
    () => (columns ?? []).filter((column) => column.enabled).sort((a, b) => a.order - b.order),
    [columns],
  );
  const list = useListState({ filters: visibleColumns.map((column) => column.key) });
  const { page, setPage } = list;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selected = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Person | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Person | null>(null);

  const customFields = useCustomFieldNames();
  const customFieldNames = useMemo(() => customFields.data ?? [], [customFields.data]);
  // One company's people (?company_id=, from a company's page).
  const companyId = Number(searchParams.get('company_id')) || null;
  const people = usePeople({
    page,
    q: list.search,
    sort: list.sort?.id,
    order: list.sort ? (list.sort.desc ? 'desc' : 'asc') : undefined,
    filters: companyId ? { ...list.filters, company_id: String(companyId) } : list.filters,
  });

  const createPerson = useCreatePerson();
  const updatePerson = useUpdatePerson();
  const deletePerson = useDeletePerson();
  const restoreDeleted = useRestoreDeletedPeople();

  const openId = Number(searchParams.get('contact')) || null;
  // React Router applies search param changes in a transition: the detail dialog opens once loaded.
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

  const addMounted = useOpenedOnce(formOpen);
  const editMounted = useOpenedOnce(editing !== null);
  const detailMounted = useOpenedOnce(openId !== null);
  const importMounted = useOpenedOnce(importOpen);
  const deleteMounted = useOpenedOnce(toDelete !== null);
  const openAdd = () => startTransition(() => setFormOpen(true));
  useUrlAction(NEW_PARAM, openAdd);
  const openImport = () => startTransition(() => setImportOpen(true));
  const openEdit = (person: Person) => startTransition(() => setEditing(person));
  const askDelete = (person: Person) => startTransition(() => setToDelete(person));

  useEffect(() => {
    if (people.isError) toast.error('Failed to load contacts');
  }, [people.isError]);

  const total = people.data?.total ?? 0;
  const shownTotal = formatListTotal(total, people.data?.total_capped);
  const pageCount = Math.max(1, Math.ceil(total / PEOPLE_PAGE_SIZE));
  const filtering = list.filtering || companyId !== null;

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
      onSuccess: ({ trash_batch: batch }) => {
        if (batch)
          toastDeletedWithUndo('Contact deleted', {
            undo: () => restoreDeleted.mutateAsync(batch),
            restored: 'Contact restored',
          });
        setSelection(({ [String(person.id)]: _removed, ...rest }) => rest);
      },
      onError: () => toast.error('Failed to delete contact'),
    });
    setToDelete(null);
  };

  // A row's dialogs (its detail, Edit contact, Delete), fetched when the pointer or focus reaches a row.
  const preloadRowDialogs = () => {
    ContactDetailDialog.preload();
    ContactFormDialog.preload();
    ConfirmDialog.preload();
  };

  const noContactsAtAll = !people.isPending && total === 0 && !filtering;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Contacts</h1>
          <p className="text-sm text-muted-foreground">
            {people.isPending ? 'Loading...' : `${shownTotal} ${pluralWord(total, 'contact', 'contacts')}`}
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
              value={list.searchInput}
              onChange={(event) => list.setSearchInput(event.target.value)}
            />
          </div>
          <Button variant="outline" onClick={openImport} {...preloadOn(CsvImportDialog.preload)}>
            <UploadIcon />
            Import
          </Button>
          {selected.length > 0 && <ExportSelectionButton contactIds={selected} />}
          {shareAction(selected, () => setSelection({}))}
          <Button onClick={openAdd} {...preloadOn(ContactFormDialog.preload)}>
            <PlusIcon />
            Add
          </Button>
        </div>
      </div>

      {companyId !== null && (
        <Suspense fallback={null}>
          <CompanyFilter companyId={companyId} />
        </Suspense>
      )}

      {noContactsAtAll ? (
        <EmptyState
          icon={UsersIcon}
          title="No contacts found"
          description="Add your first contact, or import a CSV file from your spreadsheet or address book."
          action={
            <div className="flex gap-2">
              <Button variant="outline" onClick={openImport} {...preloadOn(CsvImportDialog.preload)}>
                <UploadIcon />
                Import CSV
              </Button>
              <Button onClick={openAdd} {...preloadOn(ContactFormDialog.preload)}>
                <PlusIcon />
                Add Contact
              </Button>
            </div>
          }
        />
      ) : (
        <Card className="overflow-hidden">
          {people.isPending || !columns ? (
            <ContactsTableSkeleton />
          ) : (
            <ContactsTable
              people={people.data?.people ?? []}
              columns={visibleColumns}
              customFieldNames={customFieldNames}
              sort={list.sort}
              onSortChange={list.setSort}
              filters={list.filterInputs}
              onFilterChange={list.setFilterInput}
              selection={selection}
              onSelectionChange={setSelection}
              onOpen={(person) => setOpenId(person.id)}
              onDelete={askDelete}
              onEditInDialog={openEdit}
              onPreloadDialogs={preloadRowDialogs}
              onSaveRow={saveRow}
              emptyText="No contacts found"
            />
          )}
          <div className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row">
            <span>
              {selected.length > 0
                ? `${formatNumber(selected.length)} selected`
                : total > 0
                  ? `Showing ${formatNumber((page - 1) * PEOPLE_PAGE_SIZE + 1)}–${formatNumber(Math.min(page * PEOPLE_PAGE_SIZE, total))} of ${shownTotal}`
                  : ''}
            </span>
            <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
          </div>
        </Card>
      )}

      {/* A dialog not open yet shows nothing, so nothing is shown while its code arrives either. */}
      <Suspense fallback={null}>
        {addMounted && (
          <ContactFormDialog
            open={formOpen}
            onOpenChange={setFormOpen}
            person={null}
            customFieldNames={customFieldNames}
            onSubmit={addContact}
          />
        )}
        {editMounted && (
          <ContactFormDialog
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
            person={editing}
            customFieldNames={customFieldNames}
            onSubmit={(changes) => (editing ? saveRow(editing, changes) : Promise.resolve(false))}
          />
        )}
        {detailMounted && (
          <ContactDetailDialog
            personId={openId}
            onOpenChange={(open) => !open && setOpenId(null)}
            customFieldNames={customFieldNames}
            onSave={saveRow}
            extraActions={contactActions}
            timeline={contactTimeline}
          />
        )}
        {importMounted && (
          <CsvImportDialog
            open={importOpen}
            onOpenChange={setImportOpen}
            customFieldNames={customFieldNames}
          />
        )}
        {deleteMounted && (
          <ConfirmDialog
            open={toDelete !== null}
            onOpenChange={(open) => !open && setToDelete(null)}
            title="Delete Contact"
            description={`Are you sure you want to delete ${toDelete?.full_name || 'this contact'}? It moves to the Trash, where you can restore it for 30 days.`}
            confirmLabel="Delete"
            destructive
            onConfirm={confirmDelete}
          />
        )}
      </Suspense>
    </div>
  );
}
