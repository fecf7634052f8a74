import type { CompanyDuplicateGroup } from '@relate/contracts';
import { CopyIcon, MergeIcon, SearchCheckIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { toastDeletedWithUndo } from '@/lib/undo-toast';
import { useAutoMergeCompanyDuplicates } from '../api/auto-merge-company-duplicates';
import { useCompanyDuplicates } from '../api/get-company-duplicates';
import { useRestoreDeletedCompanies } from '../api/restore-deleted-companies';
import { DuplicateGroupDialog } from './duplicate-group-dialog';

/** Long lists are cut here; resolving groups brings the rest up. */
const GROUPS_SHOWN = 200;

function Count({ label, value, icon: Icon }: { label: string; value: number; icon: typeof CopyIcon }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <Icon className="size-4" />
      </span>
      <div className="grid">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="text-xl font-semibold tabular-nums" data-testid={`duplicates-${label}`}>
          {formatNumber(value)}
        </span>
      </div>
    </div>
  );
}

interface RemoveDuplicatesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The duplicate-removal view: the three counts, auto-merge, and a review per group. */
export function RemoveDuplicatesDialog({ open, onOpenChange }: RemoveDuplicatesDialogProps) {
  const duplicates = useCompanyDuplicates(open);
  const autoMerge = useAutoMergeCompanyDuplicates();
  const restoreDeleted = useRestoreDeletedCompanies();
  const [reviewKey, setReviewKey] = useState<string | null>(null);

  useEffect(() => {
    if (duplicates.isError)
      toast.error('Error fetching duplicates', { description: duplicates.error.message });
  }, [duplicates.isError, duplicates.error]);

  const data = duplicates.data;
  const groups = data?.groups ?? [];
  const reviewing: CompanyDuplicateGroup | null = groups.find((group) => group.key === reviewKey) ?? null;

  const runAutoMerge = () =>
    autoMerge.mutate(undefined, {
      onSuccess: ({ deleted, trash_batch: batch }) =>
        batch
          ? toastDeletedWithUndo('Auto-merge completed', {
              undo: () => restoreDeleted.mutateAsync(batch),
              restored: 'Companies restored',
              description: `Successfully merged ${deleted} duplicate records.`,
            })
          : toast.success('Auto-merge completed', {
              description: `Successfully merged ${deleted} duplicate records.`,
            }),
      onError: (error) => toast.error('Error during auto-merge', { description: error.message }),
    });

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Remove Duplicates</DialogTitle>
            <DialogDescription>
              Companies with the same name form a group. Identical groups can be merged automatically; the
              others need a decision.
            </DialogDescription>
          </DialogHeader>

          {duplicates.isPending ? (
            <div className="grid gap-3">
              <div className="grid gap-3 sm:grid-cols-3">
                {['a', 'b', 'c'].map((key) => (
                  <Skeleton key={key} className="h-16" />
                ))}
              </div>
              <Skeleton className="h-40" />
            </div>
          ) : duplicates.isError ? (
            <div className="grid justify-items-center gap-3 py-8 text-center text-sm text-muted-foreground">
              <p>Error fetching duplicates</p>
              <Button variant="outline" onClick={() => void duplicates.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <>
              <div className="grid gap-3 sm:grid-cols-3">
                <Count label="Total Duplicates" value={data?.total_duplicates ?? 0} icon={CopyIcon} />
                <Count label="Auto-Mergeable" value={data?.auto_mergeable ?? 0} icon={SparklesIcon} />
                <Count label="Manual Review" value={data?.manual_review ?? 0} icon={SearchCheckIcon} />
              </div>

              {groups.length === 0 ? (
                <div className="grid justify-items-center gap-2 rounded-lg border border-dashed py-10 text-center">
                  <SparklesIcon className="size-6 text-success" />
                  <p className="font-medium">No duplicates found</p>
                  <p className="text-sm text-muted-foreground">Every company name is unique.</p>
                </div>
              ) : (
                <ul
                  className="max-h-[45vh] divide-y overflow-y-auto rounded-lg border"
                  aria-label="Duplicate groups"
                >
                  {groups.slice(0, GROUPS_SHOWN).map((group) => (
                    <li
                      key={group.key}
                      data-testid="duplicate-group"
                      className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5"
                    >
                      <div className="grid min-w-0 gap-0.5">
                        <span className="truncate font-medium">{group.record}</span>
                        <span className="text-xs text-muted-foreground">
                          {formatCount(group.companies.length, 'record', 'records')}
                        </span>
                      </div>
                      <div className="flex items-center gap-2">
                        {group.identical ? (
                          <Badge variant="success">Identical</Badge>
                        ) : (
                          <Badge variant="warning">Needs review</Badge>
                        )}
                        <Button size="sm" variant="outline" onClick={() => setReviewKey(group.key)}>
                          Review
                        </Button>
                      </div>
                    </li>
                  ))}
                  {groups.length > GROUPS_SHOWN && (
                    <li className="px-3 py-2 text-center text-xs text-muted-foreground">
                      and {formatCount(groups.length - GROUPS_SHOWN, 'more group', 'more groups')}
                    </li>
                  )}
                </ul>
              )}
            </>
          )}

          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button onClick={runAutoMerge} disabled={!data?.auto_mergeable || autoMerge.isPending}>
              {autoMerge.isPending ? (
                <Spinner className="size-4 text-current" label="Merging" />
              ) : (
                <MergeIcon />
              )}
              Auto-merge identical
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <DuplicateGroupDialog group={reviewing} onOpenChange={(next) => !next && setReviewKey(null)} />
    </>
  );
}
