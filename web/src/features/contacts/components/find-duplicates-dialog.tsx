import type { PersonDuplicateGroup as DuplicateGroup, Person } from '@relate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon, Loader2Icon, Trash2Icon, WandSparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { formatCount, formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { toastDeletedWithUndo } from '@/lib/undo-toast';
import {
  personDuplicateGroupQuery,
  useAutoMergePeople,
  usePersonDuplicateGroup,
  usePersonDuplicates,
  useResolvePeople,
} from '../api/duplicates-api';
import { useRestoreDeletedPeople } from '../api/people-api';

function describe(person: Person) {
  return [person.email, person.phone, person.organization].filter(Boolean).join(' · ') || 'No details';
}

/**
 * Groups per page. Each group comes with its first DUPLICATE_PEOPLE_SHOWN people; "Show all" fetches
 * the rest: tens of thousands of contacts make hundreds of groups, and sending and rendering every
 * record at once froze the dialog for half a minute.
 */
const GROUPS_PER_PAGE = 10;

interface GroupActions {
  onKeep: (group: DuplicateGroup, person: Person) => void;
  onDeleteAll: (group: DuplicateGroup) => void;
  busy: boolean;
}

function DuplicateGroupCard({ group, onKeep, onDeleteAll, busy }: { group: DuplicateGroup } & GroupActions) {
  const [showAll, setShowAll] = useState(false);
  const partial = group.count > group.people.length;
  const everyone = usePersonDuplicateGroup(group.key, showAll && partial);
  const shown = everyone.data?.people ?? group.people;
  const count = everyone.data?.count ?? group.count;
  const hidden = count - shown.length;
  const records = formatCount(count, 'record', 'records');
  return (
    <section data-testid="duplicate-group" className="grid gap-2 rounded-lg border p-3">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {group.full_name} <span className="text-sm font-normal text-muted-foreground">({records})</span>
        </span>
        <div className="flex items-center gap-2">
          <Badge variant={group.identical ? 'success' : 'warning'}>
            {group.identical ? 'Identical' : 'Manual review'}
          </Badge>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            onClick={() => onDeleteAll(group)}
            disabled={busy}
          >
            <Trash2Icon />
            Delete All Records
          </Button>
        </div>
      </header>
      {shown.map((person) => (
        <div
          key={person.id}
          className="flex items-center justify-between gap-3 rounded-md bg-muted/50 px-3 py-2"
        >
          <div className="grid min-w-0 text-sm">
            <span className="truncate">{describe(person)}</span>
            <span className="text-xs text-muted-foreground">Added {formatDate(person.created_at)}</span>
          </div>
          <Button size="sm" variant="outline" onClick={() => onKeep(group, person)} disabled={busy}>
            <CheckIcon />
            Keep This
          </Button>
        </div>
      ))}
      {everyone.isError && (
        <p role="alert" className="text-sm text-destructive">
          Error fetching duplicates
        </p>
      )}
      {hidden > 0 &&
        (everyone.isFetching ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" />
            Loading all {records}…
          </p>
        ) : (
          <Button
            variant="link"
            size="sm"
            className="justify-self-start"
            onClick={() => (showAll ? everyone.refetch() : setShowAll(true))}
          >
            Show all {records}
          </Button>
        ))}
    </section>
  );
}

export function FindDuplicatesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const duplicates = usePersonDuplicates(open);
  const autoMerge = useAutoMergePeople();
  const resolve = useResolvePeople();
  const restoreDeleted = useRestoreDeletedPeople();
  /** The spec's message, with Undo when contacts went to the Trash. */
  const undoable = (batch: string | null, message: string, extra: { description?: string } = {}) =>
    batch
      ? toastDeletedWithUndo(message, {
          undo: () => restoreDeleted.mutateAsync(batch),
          restored: 'Contacts restored',
          description:
            extra.description ?? 'Moved to the Trash. You can restore them from there for 30 days.',
        })
      : toast.success(message, extra);
  // Fetching the rest of a group before Keep This or Delete All Records acts on it.
  const [gathering, setGathering] = useState(false);
  const data = duplicates.data;
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil((data?.groups.length ?? 0) / GROUPS_PER_PAGE));
  // Resolving groups shortens the list: stay on a page that still exists.
  const current = Math.min(page, pageCount);
  const onPage = data?.groups.slice((current - 1) * GROUPS_PER_PAGE, current * GROUPS_PER_PAGE) ?? [];

  const runAutoMerge = () =>
    autoMerge.mutate(undefined, {
      onSuccess: (result) =>
        undoable(result.trash_batch, 'Auto-merge completed', {
          description: `Successfully merged ${formatCount(result.deleted, 'duplicate record', 'duplicate records')}.`,
        }),
      onError: (error) => toast.error('Error during auto-merge', { description: error.message }),
    });

  /** Every person of the group: the scan sent only the first ones of a large group. */
  const everyoneOf = async (group: DuplicateGroup): Promise<Person[]> => {
    if (group.count <= group.people.length) return group.people;
    setGathering(true);
    try {
      return (await queryClient.fetchQuery(personDuplicateGroupQuery(group.key))).people;
    } finally {
      setGathering(false);
    }
  };

  const keep = async (group: DuplicateGroup, person: Person) => {
    let deleteIds: number[];
    try {
      deleteIds = (await everyoneOf(group))
        .filter((other) => other.id !== person.id)
        .map((other) => other.id);
    } catch (error) {
      toast.error('Error merging records', { description: (error as Error).message });
      return;
    }
    resolve.mutate(
      { keep_id: person.id, delete_ids: deleteIds },
      {
        onSuccess: ({ trash_batch }) =>
          undoable(
            trash_batch,
            `Kept record for ${group.full_name} and deleted ${formatCount(deleteIds.length, 'duplicate', 'duplicates')}.`,
          ),
        onError: (error) => toast.error('Error merging records', { description: error.message }),
      },
    );
  };

  const deleteAll = async (group: DuplicateGroup) => {
    let people: Person[];
    try {
      people = await everyoneOf(group);
    } catch (error) {
      toast.error('Error deleting person', { description: (error as Error).message });
      return;
    }
    resolve.mutate(
      { keep_id: null, delete_ids: people.map((person) => person.id) },
      {
        onSuccess: ({ trash_batch }) =>
          undoable(
            trash_batch,
            `Deleted all ${formatCount(people.length, 'record', 'records')} for ${group.full_name}.`,
          ),
        onError: (error) => toast.error('Error deleting person', { description: error.message }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Find Duplicates</DialogTitle>
          <DialogDescription>Contacts with the same full name, compared field by field.</DialogDescription>
        </DialogHeader>
        {duplicates.isPending ? (
          <div className="flex justify-center py-10">
            <Loader2Icon className="size-6 animate-spin text-primary" />
          </div>
        ) : duplicates.isError ? (
          <p className="py-8 text-center text-sm text-destructive">Error fetching data</p>
        ) : data && data.groups.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No duplicate contacts found.</p>
        ) : (
          data && (
            <div className="grid gap-4">
              <div className="grid grid-cols-3 gap-3 text-center">
                {[
                  ['Total Duplicates', data.total_duplicates],
                  ['Auto-Mergeable', data.auto_mergeable],
                  ['Manual Review', data.manual_review],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-lg border p-3">
                    <p className="text-2xl font-semibold">{value}</p>
                    <p className="text-xs text-muted-foreground">{label}</p>
                  </div>
                ))}
              </div>
              <Button onClick={runAutoMerge} disabled={data.auto_mergeable === 0 || autoMerge.isPending}>
                <WandSparklesIcon />
                Auto-merge identical contacts
              </Button>
              <div className="grid max-h-[45vh] gap-3 overflow-y-auto pr-1" data-testid="duplicate-groups">
                {onPage.map((group) => (
                  <DuplicateGroupCard
                    key={group.key}
                    group={group}
                    onKeep={(group, person) => void keep(group, person)}
                    onDeleteAll={(group) => void deleteAll(group)}
                    busy={resolve.isPending || gathering}
                  />
                ))}
              </div>
              <Pagination
                page={current}
                pageCount={pageCount}
                onPageChange={setPage}
                className="justify-center"
              />
            </div>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}
