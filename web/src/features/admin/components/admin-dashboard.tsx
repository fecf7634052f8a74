import type { User } from '@relate/contracts';
import {
  ArrowLeftIcon,
  CheckIcon,
  ClockIcon,
  PhoneIcon,
  RefreshCwIcon,
  SendIcon,
  Trash2Icon,
  UserCheckIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAdminUsers, useUserAction } from '../api/admin-api';

type Filter = 'all' | 'pending' | 'approved' | 'rejected';

const matches = (user: User, filter: Filter) => filter === 'all' || user.status === filter;

function StatusBadge({ user }: { user: User }) {
  if (user.status === 'approved') return <Badge variant="success">Approved</Badge>;
  if (user.status === 'rejected') return <Badge variant="destructive">Rejected</Badge>;
  return <Badge variant="warning">Pending</Badge>;
}

function StatCard({
  title,
  value,
  icon: Icon,
  hint,
}: {
  title: string;
  value: number;
  icon: typeof UsersIcon;
  hint: string;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums sm:text-3xl">{value}</p>
        <p className="hidden text-xs text-muted-foreground sm:block">{hint}</p>
      </CardContent>
    </Card>
  );
}

export function AdminDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterParam = searchParams.get('filter');
  const filter: Filter =
    filterParam === 'pending' || filterParam === 'approved' || filterParam === 'rejected'
      ? filterParam
      : 'all';
  const users = useAdminUsers();
  const approve = useUserAction('approve');
  const reject = useUserAction('reject');
  const remove = useUserAction('delete');
  const [toDelete, setToDelete] = useState<User | null>(null);

  useEffect(() => {
    if (users.isError) toast.error('Failed to fetch users');
  }, [users.isError]);

  const all = users.data ?? [];
  const counts = {
    all: all.length,
    pending: all.filter((user) => user.status === 'pending').length,
    approved: all.filter((user) => user.status === 'approved').length,
  };
  const visible = all.filter((user) => matches(user, filter));

  const setFilter = (next: Filter) =>
    setSearchParams(next === 'all' ? {} : { filter: next }, { replace: true });

  const run = (mutation: ReturnType<typeof useUserAction>, id: number, success: string, failure: string) =>
    mutation.mutate(id, {
      onSuccess: () => toast.success(success),
      onError: (error) => toast.error(failure, { description: error.message }),
    });

  const refresh = () => void users.refetch();

  const filters: { key: Filter; label: string }[] = [
    { key: 'all', label: `All Users (${counts.all})` },
    { key: 'pending', label: `Pending (${counts.pending})` },
    { key: 'approved', label: `Approved (${counts.approved})` },
  ];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <Link to="/dashboard" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <ArrowLeftIcon />
            Back to Dashboard
          </Link>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
            <p className="text-sm text-muted-foreground">Approve new accounts and manage users.</p>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={refresh} disabled={users.isFetching}>
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
        />
        <StatCard
          title="Approved Users"
          value={counts.approved}
          icon={UserCheckIcon}
          hint="Can sign in and work"
        />
        <StatCard
          title="Pending Approval"
          value={counts.pending}
          icon={ClockIcon}
          hint="Waiting for your decision"
        />
      </div>

      <Card>
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
                onClick={() => setFilter(item.key)}
              >
                {item.label}
              </Button>
            ))}
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          {users.isPending ? (
            ['a', 'b', 'c'].map((key) => <Skeleton key={key} className="h-20 w-full" />)
          ) : visible.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">No users found</p>
          ) : (
            <ul className="grid gap-3">
              {visible.map((user) => (
                <li
                  key={user.id}
                  data-testid="admin-user-row"
                  className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{user.full_name || 'No name'}</span>
                      <StatusBadge user={user} />
                      {user.is_admin && <Badge variant="secondary">Admin</Badge>}
                    </div>
                    <span className="truncate text-sm text-muted-foreground">{user.email}</span>
                    <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                      <span>Registered {formatDate(user.created_at)}</span>
                      {user.telegram_id && (
                        <span className="inline-flex items-center gap-1">
                          <SendIcon className="size-3" /> Telegram {user.telegram_id}
                        </span>
                      )}
                      {user.whatsapp_phone_number && (
                        <span className="inline-flex items-center gap-1">
                          <PhoneIcon className="size-3" /> WhatsApp {user.whatsapp_phone_number}
                        </span>
                      )}
                    </div>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    {!user.is_approved && (
                      <>
                        <Button
                          size="sm"
                          onClick={() =>
                            run(approve, user.id, 'User approved successfully', 'Failed to approve user')
                          }
                          disabled={approve.isPending}
                        >
                          <CheckIcon />
                          Approve
                        </Button>
                        {user.status !== 'rejected' && (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() =>
                              run(reject, user.id, 'User rejected successfully', 'Failed to reject user')
                            }
                            disabled={reject.isPending}
                          >
                            <XIcon />
                            Reject
                          </Button>
                        )}
                      </>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-destructive"
                      onClick={() => setToDelete(user)}
                    >
                      <Trash2Icon />
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

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
