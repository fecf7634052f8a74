import type { ContactReviewItem, ContactReviewKind } from '@relate/contracts';
import { ArrowRightIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { useApplyGoogleContacts } from '../api/google-api';

const GROUPS: { kind: ContactReviewKind; label: string; preselected: boolean }[] = [
  { kind: 'new', label: 'New Items', preselected: true },
  { kind: 'likely_duplicate', label: 'Duplicates', preselected: false },
  { kind: 'changed', label: 'Changed', preselected: true },
  { kind: 'conflict', label: 'Conflicts', preselected: false },
  { kind: 'deleted_upstream', label: 'Deleted in Google', preselected: false },
];

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  mobile: 'Mobile',
  organization: 'Company',
  job_title: 'Job title',
  address: 'Address',
  birthday: 'Birthday',
  notes: 'Notes',
  linkedin_url: 'LinkedIn',
  github_url: 'GitHub',
  website_url: 'Website',
};

const REASONS = { email: 'the same e-mail', phone: 'the same phone number', name: 'the same name' } as const;

const show = (value: string | null) => value || '—';

function Outcome({
  item,
  keepRelate,
  onKeepRelate,
}: {
  item: ContactReviewItem;
  keepRelate: boolean;
  onKeepRelate: (keep: boolean) => void;
}) {
  const local = item.contact?.name ?? 'your contact';
  switch (item.kind) {
    case 'new':
      return <p>Will be added to your contacts.</p>;
    case 'likely_duplicate':
      return (
        <p>
          Matches <strong className="text-foreground">{local}</strong> by{' '}
          {REASONS[item.match_reason ?? 'name']}. Will be linked to it; only its empty fields are filled in.
        </p>
      );
    case 'deleted_upstream':
      return (
        <p>
          Deleted in Google. Will delete <strong className="text-foreground">{local}</strong> from Relate.
        </p>
      );
    default:
      return (
        <div className="grid gap-1.5">
          <ul className="grid gap-1">
            {item.changes.map((change) => (
              <li key={change.field} className="flex flex-wrap items-center gap-1.5">
                <span className="font-medium text-foreground">
                  {FIELD_LABELS[change.field] ?? change.field}:
                </span>
                <span className={cn(item.kind === 'conflict' && keepRelate && 'font-medium text-foreground')}>
                  {item.kind === 'conflict' ? 'Relate ' : ''}
                  {show(change.relate)}
                </span>
                <ArrowRightIcon className="size-3" aria-label={item.kind === 'conflict' ? 'or' : 'becomes'} />
                <span
                  className={cn((item.kind === 'changed' || !keepRelate) && 'font-medium text-foreground')}
                >
                  {item.kind === 'conflict' ? 'Google ' : ''}
                  {show(change.google)}
                </span>
              </li>
            ))}
          </ul>
          {item.kind === 'conflict' ? (
            <fieldset className="flex flex-wrap gap-3">
              <legend className="sr-only">Which value to keep for {item.name ?? local}</legend>
              {[
                { keep: false, label: "Keep Google's" },
                { keep: true, label: "Keep Relate's" },
              ].map((option) => (
                <label key={option.label} className="flex items-center gap-1.5 text-foreground">
                  <input
                    type="radio"
                    name={`keep-${item.id}`}
                    checked={keepRelate === option.keep}
                    onChange={() => onKeepRelate(option.keep)}
                    className="accent-primary"
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
          ) : (
            <p>Will update {local} with Google's values.</p>
          )}
        </div>
      );
  }
}

/**
 * 'Preview Google Contacts Sync' (spec section 2): New Items / Duplicates toggle (new preselected,
 * duplicates not), plus the changed, conflicting and deleted-in-Google contacts; each row says what Apply
 * will do with it.
 */
export function ContactsReviewDialog({
  items,
  open,
  onOpenChange,
}: {
  items: ContactReviewItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const groups = useMemo(
    () => GROUPS.map((group) => ({ ...group, items: items.filter((item) => item.kind === group.kind) })),
    [items],
  );
  const [active, setActive] = useState<ContactReviewKind>('new');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [keepRelate, setKeepRelate] = useState<Set<string>>(new Set());
  const apply = useApplyGoogleContacts();

  useEffect(() => {
    if (!open) return;
    const preselected = new Set(
      items
        .filter((item) => GROUPS.find((group) => group.kind === item.kind)?.preselected)
        .map((item) => item.id),
    );
    setSelected(preselected);
    setKeepRelate(new Set());
    setActive(groups.find((group) => group.items.length > 0)?.kind ?? 'new');
  }, [open, items, groups]);

  const current = groups.find((group) => group.kind === active)!;
  const allInGroup = current.items.length > 0 && current.items.every((item) => selected.has(item.id));
  const someInGroup = current.items.some((item) => selected.has(item.id));
  const toggle = (ids: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const submit = () => {
    const ids = items.filter((item) => selected.has(item.id)).map((item) => item.id);
    apply.mutate(
      { item_ids: ids, keep_relate: [...keepRelate].filter((id) => selected.has(id)) },
      {
        onSuccess: (result) => {
          toast.success('Google contacts applied', {
            description: `Created ${result.created}, linked ${result.linked}, updated ${result.updated}${
              result.deleted ? `, deleted ${result.deleted}` : ''
            }.`,
          });
          onOpenChange(false);
        },
        onError: (error) => toast.error('Failed to sync Google contacts', { description: error.message }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[min(720px,calc(100dvh-2rem))] max-w-3xl flex-col gap-4 overflow-hidden">
        <DialogHeader>
          <DialogTitle>Preview Google Contacts Sync</DialogTitle>
          <DialogDescription>
            Choose what to bring over from Google. Nothing changes until you apply.
          </DialogDescription>
        </DialogHeader>

        <div
          role="tablist"
          aria-label="Kinds of changes"
          className="flex gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {groups.map((group) => (
            <button
              key={group.kind}
              type="button"
              role="tab"
              aria-selected={group.kind === active}
              onClick={() => setActive(group.kind)}
              className={cn(
                'flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                group.kind === active
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {group.label}
              <Badge variant={group.kind === 'conflict' && group.items.length ? 'warning' : 'secondary'}>
                {group.items.length}
              </Badge>
            </button>
          ))}
        </div>

        <div
          role="tabpanel"
          aria-label={current.label}
          className="-mx-1 min-h-40 flex-1 overflow-y-auto px-1"
        >
          {current.items.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">
              {items.length === 0
                ? 'Everything is in sync. Nothing to review.'
                : `No ${current.label.toLowerCase()}.`}
            </p>
          ) : (
            <ul className="grid gap-2">
              <li className="flex items-center gap-3 px-3 text-sm text-muted-foreground">
                <Checkbox
                  aria-label={`Select all ${current.label}`}
                  checked={allInGroup ? true : someInGroup ? 'indeterminate' : false}
                  onCheckedChange={(checked) =>
                    toggle(
                      current.items.map((item) => item.id),
                      checked === true,
                    )
                  }
                />
                Select all
              </li>
              {current.items.map((item) => (
                <li
                  key={item.id}
                  data-testid="google-review-item"
                  className={cn(
                    'flex gap-3 rounded-lg border p-3 transition-colors',
                    selected.has(item.id) && 'border-primary/40 bg-primary/5',
                  )}
                >
                  <Checkbox
                    className="mt-0.5"
                    aria-label={`Select ${item.name ?? item.email ?? 'contact'}`}
                    checked={selected.has(item.id)}
                    onCheckedChange={(checked) => toggle([item.id], checked === true)}
                  />
                  <div className="grid min-w-0 flex-1 gap-1 text-sm">
                    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                      <span className="font-medium">{item.name ?? item.email ?? 'Unnamed contact'}</span>
                      {item.company && <span className="text-muted-foreground">{item.company}</span>}
                    </div>
                    {((item.name && item.email) || item.phone) && (
                      <div className="flex flex-wrap gap-x-3 text-muted-foreground">
                        {item.name && item.email && <span className="truncate">{item.email}</span>}
                        {item.phone && <span>{item.phone}</span>}
                      </div>
                    )}
                    <div className="text-xs text-muted-foreground">
                      <Outcome
                        item={item}
                        keepRelate={keepRelate.has(item.id)}
                        onKeepRelate={(keep) =>
                          setKeepRelate((previous) => {
                            const next = new Set(previous);
                            keep ? next.add(item.id) : next.delete(item.id);
                            return next;
                          })
                        }
                      />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>

        <DialogFooter className="items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {selected.size} of {items.length} selected
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={selected.size === 0 || apply.isPending}>
              {apply.isPending ? 'Applying...' : `Apply ${selected.size} selected`}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
