import type { Person, PersonDuplicatesResponse } from '@relate/contracts';
import { CheckIcon, Loader2Icon, Trash2Icon, WandSparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { formatCount, formatDate } from '@/lib/format';
import { useAutoMergePeople, usePersonDuplicates, useResolvePeople } from '../api/duplicates-api';

function describe(person: Person) {
  return [person.email, person.phone, person.organization].filter(Boolean).join(' · ') || 'No details';
}

/**
 * Groups per page, and people shown per group until "Show all": tens of thousands of contacts make
 * hundreds of groups, and rendering every record's buttons at once froze the dialog for half a minute.
 */
const GROUPS_PER_PAGE = 10;
const PEOPLE_SHOWN = 10;

type DuplicateGroup = PersonDuplicatesResponse['groups'][number];

interface GroupActions {
  onKeep: (name: string, person: Person, group: Person[]) => void;
  onDeleteAll: (name: string, group: Person[]) => void;
  busy: boolean;
}

function DuplicateGroupCard({ group, onKeep, onDeleteAll, busy }: { group: DuplicateGroup } & GroupActions) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? group.people : group.people.slice(0, PEOPLE_SHOWN);
  const hidden = group.people.length - shown.length;
  return (
    <section data-testid="duplicate-group" className="grid gap-2 rounded-lg border p-3">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {group.full_name}{' '}
          <span className="text-sm font-normal text-muted-foreground">
            ({group.people.length.toLocaleString()} records)
          </span>
        </span>
        <div className="flex items-center gap-2">
          <Badge variant={group.identical ? 'success' : 'warning'}>
            {group.identical ? 'Identical' : 'Manual review'}
          </Badge>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            onClick={() => onDeleteAll(group.full_name, group.people)}
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
          <Button
            size="sm"
            variant="outline"
            onClick={() => onKeep(group.full_name, person, group.people)}
            disabled={busy}
          >
            <CheckIcon />
            Keep This
          </Button>
        </div>
      ))}
      {hidden > 0 && (
        <Button variant="link" size="sm" className="justify-self-start" onClick={() => setShowAll(true)}>
          Show all {group.people.length.toLocaleString()} records
        </Button>
      )}
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
  const duplicates = usePersonDuplicates(open);
  const autoMerge = useAutoMergePeople();
  const resolve = useResolvePeople();
  const data = duplicates.data;
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil((data?.groups.length ?? 0) / GROUPS_PER_PAGE));
  // Resolving groups shortens the list: stay on a page that still exists.
  const current = Math.min(page, pageCount);
  const onPage = data?.groups.slice((current - 1) * GROUPS_PER_PAGE, current * GROUPS_PER_PAGE) ?? [];

  const runAutoMerge = () =>
    autoMerge.mutate(undefined, {
      onSuccess: (result) =>
        toast.success('Auto-merge completed', {
          description: `Successfully merged ${formatCount(result.deleted, 'duplicate record', 'duplicate records')}.`,
        }),
      onError: (error) => toast.error('Error during auto-merge', { description: error.message }),
    });

  const keep = (name: string, person: Person, group: Person[]) => {
    const deleteIds = group.filter((other) => other.id !== person.id).map((other) => other.id);
    resolve.mutate(
      { keep_id: person.id, delete_ids: deleteIds },
      {
        onSuccess: () =>
          toast.success(
            `Kept record for ${name} and deleted ${formatCount(deleteIds.length, 'duplicate', 'duplicates')}.`,
          ),
        onError: (error) => toast.error('Error merging records', { description: error.message }),
      },
    );
  };

  const deleteAll = (name: string, group: Person[]) =>
    resolve.mutate(
      { keep_id: null, delete_ids: group.map((person) => person.id) },
      {
        onSuccess: () =>
          toast.success(`Deleted all ${formatCount(group.length, 'record', 'records')} for ${name}.`),
        onError: (error) => toast.error('Error deleting person', { description: error.message }),
      },
    );

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
                    onKeep={keep}
                    onDeleteAll={deleteAll}
                    busy={resolve.isPending}
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
