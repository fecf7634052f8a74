import { TRASH_KINDS, type TrashItem, type TrashKind } from '@relate/contracts';
import { Building2Icon, CheckSquareIcon, RotateCcwIcon, Trash2Icon, UserIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDate, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  TRASH_PAGE_SIZE,
  useDeleteForever,
  useEmptyTrash,
  useRestoreTrash,
  useTrash,
} from '../api/trash-api';

/** Each kind the Trash holds: its tab and its icon. */
const KINDS: Record<TrashKind, { label: string; singular: string; icon: typeof UserIcon }> = {
  contact: { label: 'Contacts', singular: 'Contact', icon: UserIcon },
  company: { label: 'Companies', singular: 'Company', icon: Building2Icon },
  task: { label: 'Tasks', singular: 'Task', icon: CheckSquareIcon },
};

type Confirming = { what: 'empty' } | { what: 'forever'; ids: number[] } | null;

/** /trash: what the user deleted, by kind, to restore or delete for good (decision 0050). */
export function TrashPage() {
  const [kind, setKind] = useState<TrashKind | 'all'>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<Confirming>(null);
  const trash = useTrash({ page, kind: kind === 'all' ? undefined : kind });
  const restore = useRestoreTrash();
  const deleteForever = useDeleteForever();
  const empty = useEmptyTrash();

  useEffect(() => {
    if (trash.isError) toast.error('Failed to load the Trash');
  }, [trash.isError]);

  const items = trash.data?.items ?? [];
  const total = trash.data?.total ?? 0;
  const everything = trash.data ? Object.values(trash.data.counts).reduce((sum, count) => sum + count, 0) : 0;
  const days = trash.data?.trash_days ?? 30;
  const pages = Math.max(1, Math.ceil(total / TRASH_PAGE_SIZE));
  const chosen = items.filter((item) => selected.has(item.id)).map((item) => item.id);
  const busy = restore.isPending || deleteForever.isPending || empty.isPending;

  const choose = (ids: number[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  const forget = (ids: number[]) => choose(ids, false);

  const restoreIds = (ids: number[]) =>
    restore.mutate(
      { ids },
      {
        onSuccess: ({ count }) => {
          toast.success(count === 1 ? 'Item restored' : `${formatNumber(count)} items restored`);
          forget(ids);
        },
        onError: (error) => toast.error('Failed to restore', { description: error.message }),
      },
    );

  const confirm = () => {
    if (!confirming) return;
    if (confirming.what === 'empty')
      empty.mutate(undefined, {
        onSuccess: ({ count }) => {
          toast.success(`Trash emptied: ${formatCount(count, 'item', 'items')} deleted for good`);
          setSelected(new Set());
        },
        onError: (error) => toast.error('Failed to empty the Trash', { description: error.message }),
      });
    else {
      const { ids } = confirming;
      deleteForever.mutate(
        { ids },
        {
          onSuccess: ({ count }) => {
            toast.success(`${formatCount(count, 'item', 'items')} deleted for good`);
            forget(ids);
          },
          onError: (error) => toast.error('Failed to delete', { description: error.message }),
        },
      );
    }
    setConfirming(null);
  };

  return (
    <>
      <PageHeader
        title="Trash"
        description={`Deleted items stay here for ${formatCount(days, 'day', 'days')}, then they are deleted for good.`}
        actions={
          <Button
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={() => setConfirming({ what: 'empty' })}
            disabled={everything === 0 || busy}
          >
            <Trash2Icon />
            Empty Trash
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <fieldset aria-label="Kind" className="inline-flex rounded-lg border-0 bg-muted p-1">
          {(['all', ...TRASH_KINDS] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={kind === value}
              onClick={() => {
                setKind(value);
                setPage(1);
                setSelected(new Set());
              }}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium transition-colors',
                kind === value
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {value === 'all' ? 'All' : KINDS[value].label} (
              {formatNumber(value === 'all' ? everything : (trash.data?.counts[value] ?? 0))})
            </button>
          ))}
        </fieldset>
        {chosen.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">{formatNumber(chosen.length)} selected</span>
            <Button size="sm" variant="outline" onClick={() => restoreIds(chosen)} disabled={busy}>
              <RotateCcwIcon />
              Restore
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setConfirming({ what: 'forever', ids: chosen })}
              disabled={busy}
            >
              <Trash2Icon />
              Delete forever
            </Button>
          </div>
        )}
      </div>
      {trash.isPending ? (
        <div className="grid gap-3">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-16 w-full" />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState
          icon={Trash2Icon}
          title="The Trash is empty"
          description={`What you delete stays here for ${formatCount(days, 'day', 'days')}, so you can restore it.`}
        />
      ) : (
        <Card className="overflow-hidden">
          <div className="flex items-center gap-3 border-b px-4 py-2.5 text-sm text-muted-foreground sm:px-5">
            <SelectBox
              label="Select all on this page"
              checked={chosen.length > 0 && chosen.length === items.length}
              indeterminate={chosen.length > 0 && chosen.length < items.length}
              onChange={(on) =>
                choose(
                  items.map((item) => item.id),
                  on,
                )
              }
            />
            {formatCount(total, 'item', 'items')}
          </div>
          <ul className="divide-y">
            {items.map((item) => (
              <TrashRow
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => choose([item.id], on)}
                onRestore={() => restoreIds([item.id])}
                onDelete={() => setConfirming({ what: 'forever', ids: [item.id] })}
                busy={busy}
              />
            ))}
          </ul>
        </Card>
      )}
      {pages > 1 && (
        <div className="mt-4 flex items-center justify-end gap-2 text-sm">
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            Previous
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            Next
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming?.what === 'empty' ? 'Empty the Trash?' : 'Delete forever?'}
        description={
          confirming?.what === 'empty'
            ? `Every item in the Trash (${formatNumber(everything)}) will be deleted for good. This action cannot be undone.`
            : `${formatCount(confirming?.ids.length ?? 0, 'item', 'items')} will be deleted for good. This action cannot be undone.`
        }
        confirmLabel={confirming?.what === 'empty' ? 'Empty Trash' : 'Delete forever'}
        destructive
        onConfirm={confirm}
      />
    </>
  );
}

/**
 * A native checkbox: the page stays out of the chunk the contacts list shares with the Radix checkbox
 * (that split alone added 0.3 kB to the first load of /contacts, decision 27).
 */
function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 shrink-0 cursor-pointer rounded accent-primary"
    />
  );
}

function TrashRow({
  item,
  selected,
  onSelect,
  onRestore,
  onDelete,
  busy,
}: {
  item: TrashItem;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onRestore: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const kind = KINDS[item.kind];
  return (
    <li
      data-testid="trash-item"
      className={cn(
        'flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap sm:px-5',
        selected && 'bg-primary/5',
      )}
    >
      <SelectBox label={`Select ${item.label}`} checked={selected} onChange={onSelect} />
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <kind.icon className="size-4" />
      </span>
      <div className="grid min-w-48 flex-1 gap-0.5">
        <span className="truncate font-medium">{item.label}</span>
        <span className="text-xs text-muted-foreground">
          {kind.singular} · Deleted {formatDate(item.deleted_at)}
          <span className="hidden sm:inline"> · </span>
          <br className="sm:hidden" />
          Deleted for good on {formatDate(item.purge_at)}
        </span>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <Button size="sm" variant="outline" onClick={onRestore} disabled={busy}>
          <RotateCcwIcon />
          Restore
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete ${item.label} forever`}
        >
          <Trash2Icon />
          <span className="hidden sm:inline">Delete forever</span>
        </Button>
      </div>
    </li>
  );
}
