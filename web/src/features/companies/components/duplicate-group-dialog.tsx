import type { Company, CompanyDuplicateGroup } from '@relate/contracts';
import { CheckIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatCount, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { toastDeletedWithUndo } from '@/lib/undo-toast';
import { cn } from '@/lib/utils';
import { useResolveCompanyDuplicates } from '../api/resolve-company-duplicates';
import { useRestoreDeletedCompanies } from '../api/restore-deleted-companies';
import { DomainList, StrengthBadge, TagList } from './company-badges';
import { focusDialog } from './focus-dialog';

interface ComparedField {
  label: string;
  value: (company: Company) => string;
  render?: (company: Company) => ReactNode;
}

/** The fields that decide whether a group is identical (spec section 4), plus when it was last touched. */
const FIELDS: ComparedField[] = [
  { label: 'Categories', value: (company) => company.categories ?? '' },
  {
    label: 'Tags',
    value: (company) => company.tags.join(','),
    render: (company) => <TagList tags={company.tags} />,
  },
  {
    label: 'Domains',
    value: (company) => company.domains.join(','),
    render: (company) => <DomainList domains={company.domains} wrap />,
  },
  { label: 'LinkedIn', value: (company) => company.linkedin_profile ?? '' },
  { label: 'Twitter', value: (company) => company.twitter ?? '' },
  {
    label: 'Connection Strength',
    value: (company) => company.connection_strength ?? '',
    render: (company) => <StrengthBadge strength={company.connection_strength} />,
  },
  { label: 'Description', value: (company) => company.description ?? '' },
  { label: 'Notion ID', value: (company) => company.notion_id ?? '' },
  { label: 'Twitter Followers', value: (company) => formatNumber(company.twitter_follower_count) },
  { label: 'Last Interaction', value: (company) => formatDate(company.last_interaction) },
];

interface DuplicateGroupDialogProps {
  group: CompanyDuplicateGroup | null;
  onOpenChange: (open: boolean) => void;
}

/** Review one group: Keep This on the record to keep (the others are deleted), or Delete All Records. */
export function DuplicateGroupDialog({ group, onOpenChange }: DuplicateGroupDialogProps) {
  const resolve = useResolveCompanyDuplicates();
  const restoreDeleted = useRestoreDeletedCompanies();
  /** The spec's message, with Undo when companies went to the Trash. */
  const undoable = (batch: string | null, message: string) =>
    batch
      ? toastDeletedWithUndo(message, {
          undo: () => restoreDeleted.mutateAsync(batch),
          restored: 'Companies restored',
          description: 'Moved to the Trash. You can restore them from there for 30 days.',
        })
      : toast.success(message);
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const companies = group?.companies ?? [];
  const many = companies.length > 2;
  const differs = (field: ComparedField) => new Set(companies.map(field.value)).size > 1;

  const keep = (company: Company) => {
    if (!group) return;
    const name = group.record;
    resolve.mutate(
      {
        keep_id: company.id,
        delete_ids: companies.filter((other) => other.id !== company.id).map((other) => other.id),
      },
      {
        onSuccess: ({ deleted, trash_batch }) => {
          undoable(
            trash_batch,
            `Kept record for ${name} and deleted ${formatCount(deleted, 'duplicate', 'duplicates')}.`,
          );
          onOpenChange(false);
        },
        onError: (error) => toast.error('Error merging records', { description: error.message }),
      },
    );
  };

  const deleteAll = () => {
    if (!group) return;
    const name = group.record;
    resolve.mutate(
      { keep_id: null, delete_ids: companies.map((company) => company.id) },
      {
        onSuccess: ({ deleted, trash_batch }) => {
          undoable(trash_batch, `Deleted all ${formatCount(deleted, 'record', 'records')} for ${name}.`);
          onOpenChange(false);
        },
        onError: (error) => toast.error('Error deleting records', { description: error.message }),
      },
    );
  };

  return (
    <>
      <Dialog open={group !== null} onOpenChange={onOpenChange}>
        <DialogContent className={many ? 'max-w-5xl' : 'max-w-3xl'} onOpenAutoFocus={focusDialog}>
          <DialogHeader>
            <DialogTitle>Review duplicates: {group?.record}</DialogTitle>
            <DialogDescription>
              {formatCount(companies.length, 'record shares', 'records share')} this name.{' '}
              {group?.identical
                ? 'They are identical.'
                : 'Fields that differ are highlighted. Keep one record and the others are deleted.'}
            </DialogDescription>
          </DialogHeader>
          <ul
            className={cn('grid gap-3 sm:grid-cols-2', many && 'lg:grid-cols-3')}
            aria-label="Duplicate records"
          >
            {companies.map((company, index) => (
              <li
                key={company.id}
                data-testid="duplicate-record"
                className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs"
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="truncate font-medium">{company.record}</span>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      Record #{company.id} · created {formatDateTime(company.created_at)}
                    </span>
                  </div>
                  {index === 0 && <Badge variant="secondary">Oldest</Badge>}
                </div>
                <dl className="grid flex-1 gap-1.5 text-sm">
                  {FIELDS.map((field) => (
                    <div
                      key={field.label}
                      className={cn(
                        'grid grid-cols-[7.5rem_1fr] gap-2 rounded px-1.5 py-0.5',
                        differs(field) && 'bg-amber-50 dark:bg-amber-400/10',
                      )}
                    >
                      <dt className="text-xs text-muted-foreground">{field.label}</dt>
                      <dd className="min-w-0 break-words">
                        {field.render ? field.render(company) : field.value(company) || '—'}
                      </dd>
                    </div>
                  ))}
                </dl>
                <Button
                  variant="outline"
                  onClick={() => keep(company)}
                  disabled={resolve.isPending}
                  aria-label={`Keep This: record #${company.id}`}
                >
                  <CheckIcon />
                  Keep This
                </Button>
              </li>
            ))}
          </ul>
          <DialogFooter className="sm:justify-between">
            <Button
              variant="destructive"
              onClick={() => setConfirmDeleteAll(true)}
              disabled={resolve.isPending}
            >
              <Trash2Icon />
              Delete All Records
            </Button>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmDeleteAll}
        onOpenChange={setConfirmDeleteAll}
        title="Delete all records?"
        description={`All ${formatCount(companies.length, 'record', 'records')} for ${group?.record ?? ''} will move to the Trash, where you can restore them for 30 days.`}
        confirmLabel="Delete All Records"
        destructive
        onConfirm={deleteAll}
      />
    </>
  );
}
