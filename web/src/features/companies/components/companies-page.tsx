import { type Company, CompanySortSchema } from '@relate/contracts';
import type { VisibilityState } from '@tanstack/react-table';
import { Building2Icon, CopyIcon, FilterXIcon, PlusIcon, Trash2Icon, TrendingUpIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ColumnVisibilityMenu } from '@/components/data-table/column-visibility-menu';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatListTotal, Pagination } from '@/components/ui/pagination';
import { formatNumber, pluralWord } from '@/lib/format';
import { toast } from '@/lib/toast';
import { toastDeletedWithUndo } from '@/lib/undo-toast';
import { NEW_PARAM, useUrlAction } from '@/lib/url-action';
import { useListState } from '@/lib/use-list-state';
import { useDeleteAllCompanies } from '../api/delete-all-companies';
import { useDeleteCompany } from '../api/delete-company';
import { COMPANIES_PAGE_SIZE, useCompanies } from '../api/get-companies';
import { useCompany } from '../api/get-company';
import { useRestoreDeletedCompanies } from '../api/restore-deleted-companies';
import { COMPANY_HIDEABLE_COLUMNS, CompaniesTable } from './companies-table';
import { CompanyDetailDialog } from './company-detail-dialog';
import { COMPANY_FILTERS, CompanyFilters } from './company-filters';
import { CompanyFormDialog } from './company-form-dialog';
import { LoadDataButton } from './load-data-button';
import { RemoveDuplicatesDialog } from './remove-duplicates-dialog';

const DEFAULT_SORT = { id: 'created_at', desc: true };

interface CompaniesPageProps {
  /** A company's Timeline section in its detail dialog (the timeline feature's). */
  companyTimeline?: (companyId: number) => ReactNode;
}

/** /companies: the company directory of spec section 2 "Companies page". */
export function CompaniesPage({ companyTimeline }: CompaniesPageProps = {}) {
  const list = useListState({ defaultSort: DEFAULT_SORT, filters: COMPANY_FILTERS });
  const sortParsed = CompanySortSchema.safeParse(list.sort?.id);
  const sort = sortParsed.success ? { id: sortParsed.data, desc: list.sort?.desc ?? true } : DEFAULT_SORT;
  const [form, setForm] = useState<{ open: boolean; company: Company | null }>({
    open: false,
    company: null,
  });
  const [viewing, setViewing] = useState<Company | null>(null);
  const [toDelete, setToDelete] = useState<Company | null>(null);
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});

  const companies = useCompanies({
    page: list.page,
    q: list.search,
    sort: sortParsed.success ? sortParsed.data : 'created_at',
    order: sort.desc ? 'desc' : 'asc',
    filters: list.filters,
  });
  const deleteCompany = useDeleteCompany();
  const deleteAll = useDeleteAllCompanies();
  const restoreDeleted = useRestoreDeletedCompanies();

  const total = companies.data?.total ?? 0;
  const shownTotal = formatListTotal(total, companies.data?.total_capped);
  const stats = companies.data?.stats ?? { total: 0, active: 0 };
  const pageCount = Math.max(1, Math.ceil(total / COMPANIES_PAGE_SIZE));
  const rows = companies.data?.companies ?? [];

  // Deleting the last rows of the last page moves back to the page that still has rows.
  const { page, setPage } = list;
  useEffect(() => {
    if (companies.data && page > pageCount) setPage(pageCount);
  }, [companies.data, page, pageCount, setPage]);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteCompany.mutate(toDelete.id, {
      onSuccess: ({ trash_batch: batch }) =>
        batch
          ? toastDeletedWithUndo('Company deleted successfully', {
              undo: () => restoreDeleted.mutateAsync(batch),
              restored: 'Company restored',
            })
          : toast.success('Company deleted successfully'),
      onError: (error) => toast.error('Error deleting company', { description: error.message }),
    });
    setToDelete(null);
  };

  const runDeleteAll = () =>
    deleteAll.mutate(undefined, {
      onSuccess: ({ trash_batch: batch }) =>
        batch
          ? toastDeletedWithUndo('All companies have been deleted.', {
              undo: () => restoreDeleted.mutateAsync(batch),
              restored: 'Companies restored',
              description: 'Moved to the Trash. You can restore them from there for 30 days.',
            })
          : toast.success('All companies have been deleted.'),
      onError: (error) => toast.error('Error deleting companies', { description: error.message }),
    });

  const openAdd = () => setForm({ open: true, company: null });
  useUrlAction(NEW_PARAM, openAdd);
  // A link to a company (?company=ID, the command palette's) opens its details once it has loaded.
  const [linkedId, setLinkedId] = useState<number | null>(null);
  useUrlAction('company', (id) => setLinkedId(Number(id) || null));
  const linked = useCompany(linkedId).data;
  useEffect(() => {
    if (!linked) return;
    setViewing(linked);
    setLinkedId(null);
  }, [linked]);
  // Search and filters have nothing to work on in an empty directory (shown while it loads).
  const hasCompanies = companies.data?.stats.total !== 0;
  const first = total === 0 ? 0 : (page - 1) * COMPANIES_PAGE_SIZE + 1;
  const last = Math.min(page * COMPANIES_PAGE_SIZE, total);
  const activeShare = stats.total > 0 ? Math.round((stats.active / stats.total) * 100) : 0;

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Companies</h1>
        <p className="text-sm text-muted-foreground">
          The companies you work with, their domains and how close you are.
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <StatCard
          title="Total Companies"
          value={stats.total}
          hint="Every company in your directory"
          icon={Building2Icon}
          loading={companies.isPending}
        />
        <StatCard
          title="Active Companies"
          value={stats.active}
          hint={
            stats.total > 0
              ? `Strong connection · ${activeShare}% of all`
              : 'Companies with a strong connection'
          }
          icon={TrendingUpIcon}
          loading={companies.isPending}
        />
      </div>

      <Card className="overflow-hidden">
        <CardHeader className="gap-4 border-b p-4 sm:p-6 sm:pb-5 lg:flex-row lg:items-center lg:justify-between">
          <div className="grid gap-1.5">
            <CardTitle className="flex items-center gap-2">
              Company Directory
              <Badge variant="secondary" data-testid="entries-count">
                {shownTotal} {pluralWord(total, 'entry', 'entries')}
              </Badge>
            </CardTitle>
            <CardDescription>Search, sort and manage the companies you work with.</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2 max-sm:[&>button]:flex-1">
            <LoadDataButton />
            <Button onClick={openAdd}>
              <PlusIcon />
              Add Company
            </Button>
            <Button variant="outline" onClick={() => setDuplicatesOpen(true)} disabled={stats.total === 0}>
              <CopyIcon />
              Remove Duplicates
            </Button>
            <Button
              variant="outline"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => setConfirmDeleteAll(true)}
              disabled={stats.total === 0 || deleteAll.isPending}
            >
              <Trash2Icon />
              Delete All Companies
            </Button>
            {hasCompanies && (
              <ColumnVisibilityMenu
                columns={COMPANY_HIDEABLE_COLUMNS}
                visibility={columnVisibility}
                onVisibilityChange={setColumnVisibility}
              />
            )}
          </div>
        </CardHeader>

        {hasCompanies && <CompanyFilters list={list} />}

        <div className="p-4 sm:p-0">
          <QueryState
            query={companies}
            errorTitle="Could not load companies"
            isEmpty={(data) => data.companies.length === 0}
            empty={
              stats.total === 0 ? (
                <EmptyState
                  icon={Building2Icon}
                  title="No companies found"
                  description="Add your first company to get started"
                  action={
                    <Button onClick={openAdd}>
                      <PlusIcon />
                      Add Company
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={FilterXIcon}
                  title="No companies match your filters"
                  description="Try another search, or clear the filters to see every company."
                  action={
                    <Button variant="outline" onClick={list.clearFilters}>
                      <FilterXIcon />
                      Clear filters
                    </Button>
                  }
                />
              )
            }
          >
            {(data) => (
              <CompaniesTable
                companies={data.companies}
                sort={sort}
                onSortChange={list.setSort}
                onView={setViewing}
                onEdit={(company) => setForm({ open: true, company })}
                onDelete={setToDelete}
                stale={companies.isPlaceholderData}
                columnVisibility={columnVisibility}
              />
            )}
          </QueryState>
        </div>

        {rows.length > 0 && (
          <div className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row sm:px-6">
            <span className="tabular-nums">
              Showing {formatNumber(first)} to {formatNumber(last)} of {shownTotal}{' '}
              {pluralWord(total, 'entry', 'entries')}
            </span>
            <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
          </div>
        )}
      </Card>

      <CompanyFormDialog
        open={form.open}
        company={form.company}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <CompanyDetailDialog
        company={viewing}
        onOpenChange={(open) => !open && setViewing(null)}
        timeline={companyTimeline}
      />
      <RemoveDuplicatesDialog open={duplicatesOpen} onOpenChange={setDuplicatesOpen} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure?"
        description={`This will move ${toDelete?.record ?? 'this company'} to the Trash, where you can restore it for 30 days.`}
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={confirmDeleteAll}
        onOpenChange={setConfirmDeleteAll}
        title="Delete all companies?"
        description={`This will move all ${formatNumber(stats.total)} companies to the Trash, where you can restore them for 30 days.`}
        confirmLabel="Delete All Companies"
        destructive
        onConfirm={runDeleteAll}
      />
    </div>
  );
}
