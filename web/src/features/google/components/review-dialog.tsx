import type { GoogleReviewKind } from '@relate/contracts';
import { ArrowRightIcon } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
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
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';

type ReviewKind = GoogleReviewKind;

/** What the contacts and the calendar review items have in common. */
export interface ReviewItem {
  id: string;
  kind: ReviewKind;
  is_duplicate: boolean;
  changes: { field: string; relate: string | null; google: string | null }[];
}

export interface ReviewDecision {
  item_ids: string[];
  /** Conflicts settled with Relate's values (pushed to Google); the others take Google's. */
  keep_relate: string[];
}

/** The spec's toggle (New Items / Duplicates) first, then what a later sync can bring. */
const GROUPS: { kind: ReviewKind; label: string; preselected: boolean }[] = [
  { kind: 'new', label: 'New Items', preselected: true },
  { kind: 'likely_duplicate', label: 'Duplicates', preselected: false },
  { kind: 'changed', label: 'Changed', preselected: true },
  { kind: 'conflict', label: 'Conflicts', preselected: false },
  { kind: 'deleted_upstream', label: 'Deleted in Google', preselected: false },
];

const show = (value: string | null) => value || '—';

export interface ReviewDialogProps<T extends ReviewItem> {
  title: string;
  items: T[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item's name, for its checkbox and its conflict choice. */
  label: (item: T) => string;
  /** The item's own lines (name and e-mail, or title and time). */
  summary: (item: T) => ReactNode;
  /** What Apply does with a new, duplicate or deleted item (changed and conflicting items list their fields). */
  outcome: (item: T) => ReactNode;
  /** The Relate object a changed item updates, for "Will update … with Google's values." */
  localName: (item: T) => string;
  /** A changed field's label and how its values read. */
  fieldLabel: (field: string) => string;
  formatValue?: (field: string, value: string | null) => string | null;
  applying: boolean;
  onApply: (decision: ReviewDecision) => void;
}

function Changes<T extends ReviewItem>({
  item,
  keepRelate,
  onKeepRelate,
  props,
}: {
  item: T;
  keepRelate: boolean;
  onKeepRelate: (keep: boolean) => void;
  props: ReviewDialogProps<T>;
}) {
  const conflict = item.kind === 'conflict';
  const value = (field: string, raw: string | null) => show(props.formatValue?.(field, raw) ?? raw);
  return (
    <div className="grid gap-1.5">
      <ul className="grid gap-1">
        {item.changes.map((change) => (
          <li key={change.field} className="flex flex-wrap items-center gap-1.5">
            <span className="font-medium text-foreground">{props.fieldLabel(change.field)}:</span>
            <span className={cn(conflict && keepRelate && 'font-medium text-foreground')}>
              {conflict ? 'Relate ' : ''}
              {value(change.field, change.relate)}
            </span>
            <ArrowRightIcon className="size-3" aria-label={conflict ? 'or' : 'becomes'} />
            <span className={cn((!conflict || !keepRelate) && 'font-medium text-foreground')}>
              {conflict ? 'Google ' : ''}
              {value(change.field, change.google)}
            </span>
          </li>
        ))}
      </ul>
      {conflict ? (
        <fieldset className="flex flex-wrap gap-3">
          <legend className="sr-only">Which value to keep for {props.label(item)}</legend>
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
        <p>Will update {props.localName(item)} with Google's values.</p>
      )}
    </div>
  );
}

/**
 * The Google sync preview dialog (spec section 2), for contacts and for the calendar: the New Items /
 * Duplicates toggle (new items preselected, duplicates not), then the changed, conflicting and
 * deleted-in-Google items; each row says what Apply will do with it.
 */
export function ReviewDialog<T extends ReviewItem>(props: ReviewDialogProps<T>) {
  const { title, items, open, onOpenChange, applying, onApply } = props;
  const groups = useMemo(
    () => GROUPS.map((group) => ({ ...group, items: items.filter((item) => item.kind === group.kind) })),
    [items],
  );
  const [active, setActive] = useState<ReviewKind>('new');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [keepRelate, setKeepRelate] = useState<Set<string>>(new Set());

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

  const current = groups.find((group) => group.kind === active) ?? groups[0];
  const allInGroup = current.items.length > 0 && current.items.every((item) => selected.has(item.id));
  const someInGroup = current.items.some((item) => selected.has(item.id));
  const toggle = (ids: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const submit = () =>
    onApply({
      item_ids: items.filter((item) => selected.has(item.id)).map((item) => item.id),
      keep_relate: [...keepRelate].filter((id) => selected.has(id)),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[min(720px,calc(100dvh-2rem))] max-w-3xl flex-col gap-4 overflow-hidden">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
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
                {formatNumber(group.items.length)}
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
                    aria-label={`Select ${props.label(item)}`}
                    checked={selected.has(item.id)}
                    onCheckedChange={(checked) => toggle([item.id], checked === true)}
                  />
                  <div className="grid min-w-0 flex-1 gap-1 text-sm">
                    {props.summary(item)}
                    <div className="text-xs text-muted-foreground">
                      {item.kind === 'changed' || item.kind === 'conflict' ? (
                        <Changes
                          item={item}
                          props={props}
                          keepRelate={keepRelate.has(item.id)}
                          onKeepRelate={(keep) =>
                            setKeepRelate((previous) => {
                              const next = new Set(previous);
                              keep ? next.add(item.id) : next.delete(item.id);
                              return next;
                            })
                          }
                        />
                      ) : (
                        props.outcome(item)
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>

        <DialogFooter className="items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {formatNumber(selected.size)} of {formatNumber(items.length)} selected
          </p>
          <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={selected.size === 0 || applying}>
              {applying ? 'Applying...' : `Apply ${formatNumber(selected.size)} selected`}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
