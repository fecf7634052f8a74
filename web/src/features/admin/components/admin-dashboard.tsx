import type { User } from '@relate/contracts';
import type { VisibilityState } from '@tanstack/react-table';
import { ClockIcon, RefreshCwIcon, UserCheckIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { ColumnVisibilityMenu } from '@/components/data-table/column-visibility-menu';
import { QueryState } from '@/components/query-state';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useListState } from '@/lib/use-list-state';
import { cn } from '@/lib/utils';
import { useAdminUsers, useUserAction } from '../api/admin-api';
import { AccountHistoryDialog } from './account-history-dialog';
import { sortUsers, USER_HIDEABLE_COLUMNS, UsersTable } from './users-table';

type Filter = 'all' | 'pending' | 'approved' | 'rejected';
const FILTERS = ['filter'] as const;
const DEFAULT_SORT = { id: 'created_at', desc: true };

const asFilter = (value: string): Filter =>
  value === 'pending' || value === 'approved' || value === 'rejected' ? value : 'all';

/** /admin (spec section 4): approve, reject and delete accounts. */
export function AdminDashboard({ currentUserId }: { currentUserId: number }) {
  const list = useListState({ defaultSort: DEFAULT_SORT, filters: FILTERS, debounceMs: 0 });
  const filter = asFilter(list.filterInputs.filter);
  const sort = list.sort ?? DEFAULT_SORT;
  const users = useAdminUsers();
  const approve = useUserAction('approve');
  const reject = useUserAction('reject');
  const remove = useUserAction('delete');
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [historyOf, setHistoryOf] = useState<User | null>(null);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});

  const all = users.data ?? [];
  const counts = {
    all: all.length,
    pending: all.filter((user) => user.status === 'pending').length,
    approved: all.filter((user) => user.status === 'approved').length,
  };

  const run = (mutation: ReturnType<typeof useUserAction>, id: number, success: string, failure: string) =>
    mutation.mutate(id, {
      onSuccess: () => toast.success(success),
      onError: (error) => toast.error(failure, { description: error.message }),
    });

  const filters: { key: Filter; label: string }[] = [
    { key: 'all', label: `All Users (${formatNumber(counts.all)})` },
    { key: 'pending', label: `Pending (${formatNumber(counts.pending)})` },
    { key: 'approved', label: `Approved (${formatNumber(counts.approved)})` },
  ];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
          <p className="text-sm text-muted-foreground">Approve new accounts and manage users.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void users.refetch()} disabled={users.isFetching}>
          <RefreshCwIcon className={cn(users.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </div>

      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard
          title="Total Users"
          value={counts.all}
          icon={UsersIcon}
          hint="Every account on this installation"
          loading={users.isPending}
        />
        <StatCard
          title="Approved Users"
          value={counts.approved}
          icon={UserCheckIcon}
          hint="Can sign in and work"
          loading={users.isPending}
        />
        <StatCard
          title="Pending Approval"
          value={counts.pending}
          icon={ClockIcon}
          hint="Waiting for your decision"
          loading={users.isPending}
        />
      </div>

      <Card className="overflow-hidden">
        <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>User Management</CardTitle>
            <CardDescription>
              {filter === 'rejected' ? 'Rejected accounts' : 'Review who can access Relate.'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {filters.map((item) => (
              <Button
                key={item.key}
                size="sm"
                variant={filter === item.key ? 'default' : 'outline'}
                aria-pressed={filter === item.key}
                onClick={() => list.setFilterInput('filter', item.key === 'all' ? '' : item.key)}
              >
                {item.label}
              </Button>
            ))}
            <ColumnVisibilityMenu
              columns={USER_HIDEABLE_COLUMNS}
              visibility={columnVisibility}
              onVisibilityChange={setColumnVisibility}
            />
          </div>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-0">
          <QueryState query={users} errorTitle="Failed to fetch users">
            {(data) => (
              <UsersTable
                users={sortUsers(
                  data.filter((user) => filter === 'all' || user.status === filter),
                  sort,
                )}
                currentUserId={currentUserId}
                sort={sort}
                onSortChange={list.setSort}
                busy={approve.isPending || reject.isPending}
                onApprove={(user) =>
                  run(approve, user.id, 'User approved successfully', 'Failed to approve user')
                }
                onReject={(user) =>
                  run(reject, user.id, 'User rejected successfully', 'Failed to reject user')
                }
                onDelete={setToDelete}
                onHistory={setHistoryOf}
                columnVisibility={columnVisibility}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>

      <AccountHistoryDialog user={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete user"
        description="Are you sure you want to delete this user? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (toDelete) run(remove, toDelete.id, 'User deleted successfully', 'Failed to delete user');
          setToDelete(null);
        }}
      />
    </div>
  );
}
