import type { User } from '@relate/contracts';
import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import { CheckIcon, HistoryIcon, PhoneIcon, SendIcon, Trash2Icon, XIcon } from 'lucide-react';
import { hideableColumns } from '@/components/data-table/column-visibility-menu';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import type { ListSort } from '@/lib/use-list-state';

function StatusBadge({ user }: { user: User }) {
  if (user.status === 'approved') return <Badge variant="success">Approved</Badge>;
  if (user.status === 'rejected') return <Badge variant="destructive">Rejected</Badge>;
  return <Badge variant="warning">Pending</Badge>;
}

const columns: ColumnDef<User>[] = [
  {
    accessorKey: 'full_name',
    header: 'Name',
    enableSorting: true,
    meta: { label: 'Name', primary: true, className: 'min-w-48' },
    cell: ({ row: { original: user } }) => (
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{user.full_name || 'No name'}</span>
          {user.is_admin && <Badge variant="secondary">Admin</Badge>}
        </div>
        <span className="truncate text-sm font-normal text-muted-foreground">{user.email}</span>
      </div>
    ),
  },
  {
    accessorKey: 'status',
    header: 'Status',
    enableSorting: true,
    meta: { label: 'Status' },
    cell: ({ row }) => <StatusBadge user={row.original} />,
  },
  {
    id: 'messaging',
    header: 'Messaging',
    meta: { label: 'Messaging', className: 'text-xs text-muted-foreground' },
    cell: ({ row: { original: user } }) =>
      user.telegram_id || user.whatsapp_phone_number ? (
        <div className="grid gap-1">
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
      ) : (
        '—'
      ),
  },
  {
    accessorKey: 'created_at',
    header: 'Registered',
    enableSorting: true,
    sortDescFirst: true,
    meta: { label: 'Registered', className: 'whitespace-nowrap text-muted-foreground' },
    cell: ({ row }) => formatDate(row.original.created_at),
  },
];

/** The columns the "Columns" menu can hide (all but Name). */
export const USER_HIDEABLE_COLUMNS = hideableColumns(columns);

/** Sorts on the client: the admin list holds every account of the installation. */
export function sortUsers(users: User[], sort: ListSort): User[] {
  const value = (user: User) =>
    sort.id === 'full_name'
      ? (user.full_name || user.email).toLowerCase()
      : String(user[sort.id as keyof User] ?? '');
  const sorted = [...users].sort((a, b) => value(a).localeCompare(value(b)));
  return sort.desc ? sorted.reverse() : sorted;
}

interface UsersTableProps {
  users: User[];
  currentUserId: number;
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
  onApprove: (user: User) => void;
  onReject: (user: User) => void;
  onDelete: (user: User) => void;
  onHistory: (user: User) => void;
  busy: boolean;
  columnVisibility?: VisibilityState;
}

export function UsersTable({
  users,
  currentUserId,
  sort,
  onSortChange,
  onApprove,
  onReject,
  onDelete,
  onHistory,
  busy,
  columnVisibility,
}: UsersTableProps) {
  return (
    <DataTable
      label="Users"
      columns={columns}
      data={users}
      getRowId={(user) => String(user.id)}
      sort={sort}
      onSortChange={onSortChange}
      columnVisibility={columnVisibility}
      rowProps={() => ({ 'data-testid': 'admin-user-row' })}
      empty="No users found"
      rowActions={(user) => (
        <>
          {!user.is_approved && (
            <>
              <Button size="sm" onClick={() => onApprove(user)} disabled={busy}>
                <CheckIcon />
                Approve
              </Button>
              {user.status !== 'rejected' && (
                <Button size="sm" variant="outline" onClick={() => onReject(user)} disabled={busy}>
                  <XIcon />
                  Reject
                </Button>
              )}
            </>
          )}
          <Button size="sm" variant="ghost" onClick={() => onHistory(user)}>
            <HistoryIcon />
            History
          </Button>
          {user.id === currentUserId ? (
            <span className="px-2 text-xs text-muted-foreground" title="You cannot delete your own account">
              Your account
            </span>
          ) : (
            <Button size="sm" variant="ghost" className="text-destructive" onClick={() => onDelete(user)}>
              <Trash2Icon />
              Delete
            </Button>
          )}
        </>
      )}
    />
  );
}
