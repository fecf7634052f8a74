import type { Company, ConnectionStrength } from '@relate/contracts';
import {
  ArrowLeftIcon,
  Building2Icon,
  CopyIcon,
  FilterXIcon,
  LogOutIcon,
  PlusIcon,
  SearchIcon,
  ShieldIcon,
  Trash2Icon,
  TrendingUpIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-provider';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteAllCompanies } from '../api/delete-all-companies';
import { useDeleteCompany } from '../api/delete-company';
import {
  COMPANIES_PAGE_SIZE,
  type CompanyFilters,
  NO_COMPANY_FILTERS,
  useCompanies,
} from '../api/get-companies';
import { CONNECTION_STRENGTHS, strengthLabel } from '../company-form';
import { CompaniesTable, type CompanySortState } from './companies-table';
import { CompanyDetailDialog } from './company-detail-dialog';
import { CompanyFormDialog } from './company-form-dialog';
import { LoadDataButton } from './load-data-button';
import { RemoveDuplicatesDialog } from './remove-duplicates-dialog';

const DEFAULT_SORT: CompanySortState = { sort: 'created_at', order: 'desc' };
const ANY_STRENGTH = 'any';

function StatCard({
  title,
  value,
  hint,
  icon: Icon,
  loading,
}: {
  title: string;
  value: number;
  hint: string;
  icon: typeof Building2Icon;
  loading: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className="flex size-8 items-center justify-center rounded-md bg-primary/10 text-primary">
          <Icon className="size-4" />
        </span>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {loading ? (
          <Skeleton className="h-9 w-20" />
        ) : (
          <p className="text-2xl font-semibold tabular-nums sm:text-3xl" data-testid={`stat-${title}`}>
            {value.toLocaleString()}
          </p>
        )}
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** /companies: the company directory of spec section 2 "Companies page". */
export function CompaniesPage() {
  const { user, logout } = useAuth();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<CompanyFilters>(NO_COMPANY_FILTERS);
  const [sort, setSort] = useState<CompanySortState>(DEFAULT_SORT);
  const [form, setForm] = useState<{ open: boolean; company: Company | null }>({
    open: false,
    company: null,
  });
  const [viewing, setViewing] = useState<Company | null>(null);
  const [toDelete, setToDelete] = useState<Company | null>(null);
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const [duplicatesOpen, setDuplicatesOpen] = useState(false);

  const q = useDebouncedValue(search.trim());
  const debouncedFilters = useDebouncedValue(filters);
  const activeFilters = useMemo<CompanyFilters>(
    () => ({
      name: debouncedFilters.name.trim(),
      categories: debouncedFilters.categories.trim(),
      domains: debouncedFilters.domains.trim(),
      connection_strength: debouncedFilters.connection_strength,
    }),
    [debouncedFilters],
  );
  // A new search, filter or sort starts from the first page (in the same render: no request for the old page).
  const queryIdentity = JSON.stringify([q, activeFilters, sort]);
  const [paging, setPaging] = useState({ identity: queryIdentity, page: 1 });
  const page = paging.identity === queryIdentity ? paging.page : 1;
  const setPage = (next: number) => setPaging({ identity: queryIdentity, page: next });
  const companies = useCompanies({ page, q, sort: sort.sort, order: sort.order, filters: activeFilters });
  const deleteCompany = useDeleteCompany();
  const deleteAll = useDeleteAllCompanies();

  const total = companies.data?.total ?? 0;
  const stats = companies.data?.stats ?? { total: 0, active: 0 };
  const pageCount = Math.max(1, Math.ceil(total / COMPANIES_PAGE_SIZE));
  const rows = companies.data?.companies ?? [];
  const filtering = search.trim() !== '' || Object.values(filters).some((value) => value.trim() !== '');

  // Deleting the last rows of the last page moves back to the page that still has rows.
  useEffect(() => {
    if (companies.data && page > pageCount) setPaging({ identity: queryIdentity, page: pageCount });
  }, [companies.data, page, pageCount, queryIdentity]);

  const setFilter = (key: keyof CompanyFilters, value: string) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const clearFilters = () => {
    setSearch('');
    setFilters(NO_COMPANY_FILTERS);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteCompany.mutate(toDelete.id, {
      onSuccess: () => toast.success('Company deleted successfully'),
      onError: (error) => toast.error('Error deleting company', { description: error.message }),
    });
    setToDelete(null);
  };

  const runDeleteAll = () =>
    deleteAll.mutate(undefined, {
      onSuccess: () => toast.success('All companies have been deleted.'),
      onError: (error) => toast.error('Error deleting companies', { description: error.message }),
    });

  const openAdd = () => setForm({ open: true, company: null });
  // Search and filters have nothing to work on in an empty directory (shown while it loads).
  const hasCompanies = companies.data?.stats.total !== 0;
  const first = total === 0 ? 0 : (page - 1) * COMPANIES_PAGE_SIZE + 1;
  const last = Math.min(page * COMPANIES_PAGE_SIZE, total);
  const activeShare = stats.total > 0 ? Math.round((stats.active / stats.total) * 100) : 0;

  let body: ReactNode;
  if (companies.isPending) {
    body = (
      <div className="grid gap-2 p-4">
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Skeleton key={key} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (companies.isError && !companies.data) {
    body = (
      <div className="grid justify-items-center gap-3 px-6 py-14 text-center">
        <p className="font-medium">Could not load companies</p>
        <p className="text-sm text-muted-foreground">{companies.error.message}</p>
        <Button variant="outline" onClick={() => void companies.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (stats.total === 0) {
    body = (
      <div className="p-4">
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
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="p-4">
        <EmptyState
          icon={FilterXIcon}
          title="No companies match your filters"
          description="Try another search, or clear the filters to see every company."
          action={
            <Button variant="outline" onClick={clearFilters}>
              <FilterXIcon />
              Clear filters
            </Button>
          }
        />
      </div>
    );
  } else {
    body = (
      <CompaniesTable
        companies={rows}
        sort={sort}
        onSortChange={setSort}
        onView={setViewing}
        onEdit={(company) => setForm({ open: true, company })}
        onDelete={setToDelete}
        stale={companies.isPlaceholderData}
      />
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <Building2Icon className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight">Companies</h1>
            <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to="/dashboard"
            aria-label="Back to Dashboard"
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <ArrowLeftIcon />
            Back<span className="-ml-1 hidden sm:inline"> to Dashboard</span>
          </Link>
          {user?.is_admin && (
            <Link to="/admin" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <ShieldIcon />
              Admin Panel
            </Link>
          )}
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            <LogOutIcon />
            Logout
          </Button>
        </div>
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
                {total.toLocaleString()} {total === 1 ? 'entry' : 'entries'}
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
          </div>
        </CardHeader>

        {hasCompanies && (
          <div className="grid gap-3 border-b bg-muted/30 px-4 py-3 sm:px-6">
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                type="search"
                placeholder="Search companies..."
                aria-label="Search companies"
                className="pl-8"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="grid grid-cols-2 gap-2 md:grid-cols-[1fr_1fr_11rem_1fr_auto]">
              <Input
                placeholder="Filter by name"
                aria-label="Filter by name"
                value={filters.name}
                onChange={(event) => setFilter('name', event.target.value)}
              />
              <Input
                placeholder="Filter by categories"
                aria-label="Filter by categories"
                value={filters.categories}
                onChange={(event) => setFilter('categories', event.target.value)}
              />
              <Select
                value={filters.connection_strength || ANY_STRENGTH}
                onValueChange={(value) =>
                  setFilter(
                    'connection_strength',
                    value === ANY_STRENGTH ? '' : (value as ConnectionStrength),
                  )
                }
              >
                <SelectTrigger aria-label="Filter by connection strength">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY_STRENGTH}>Any strength</SelectItem>
                  {CONNECTION_STRENGTHS.map((strength) => (
                    <SelectItem key={strength} value={strength}>
                      {strengthLabel(strength)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Input
                placeholder="Filter by domains"
                aria-label="Filter by domains"
                value={filters.domains}
                onChange={(event) => setFilter('domains', event.target.value)}
              />
              <Button
                variant="ghost"
                className="col-span-2 md:col-span-1"
                onClick={clearFilters}
                disabled={!filtering}
              >
                <FilterXIcon />
                Clear filters
              </Button>
            </div>
          </div>
        )}

        {body}

        {rows.length > 0 && (
          <div className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row sm:px-6">
            <span className="tabular-nums">
              Showing {first.toLocaleString()} to {last.toLocaleString()} of {total.toLocaleString()} entries
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
      <CompanyDetailDialog company={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <RemoveDuplicatesDialog open={duplicatesOpen} onOpenChange={setDuplicatesOpen} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure?"
        description={`This will permanently delete ${toDelete?.record ?? 'this company'}. This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={confirmDeleteAll}
        onOpenChange={setConfirmDeleteAll}
        title="Delete all companies?"
        description={`This will permanently delete all ${stats.total.toLocaleString()} companies. This action cannot be undone.`}
        confirmLabel="Delete All Companies"
        destructive
        onConfirm={runDeleteAll}
      />
    </div>
  );
}
