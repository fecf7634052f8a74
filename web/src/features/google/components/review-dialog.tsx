import type { GoogleReviewKind } from '@relate/contracts';
import { ArrowRightIcon, EyeOffIcon, RotateCcwIcon } from 'lucide-react';
import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useMemo, useState } from 'react';
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
import { formatCount, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

type ReviewKind = GoogleReviewKind;

/** What the contacts and the calendar review items have in common. */
export interface ReviewItem {
  id: string;
  kind: ReviewKind;
  is_duplicate: boolean;
  changes: { field: string; relate: string | null; google: string | null; clash: boolean }[];
}

export interface ReviewDecision {
  item_ids: string[];
  /** conflict item id → the clashing fields that keep Relate's value (pushed to Google); others take Google's. */
  keep_relate_fields: Record<string, string[]>;
}

/** Per conflict item, the clashing fields the user keeps Relate's value of. */
type KeptFields = Map<string, ReadonlySet<string>>;

/** The spec's toggle (New Items / Duplicates) first, then what a later sync can bring. */
const GROUPS: { kind: ReviewKind; label: string; preselected: boolean }[] = [
  { kind: 'new', label: 'New Items', preselected: true },
  { kind: 'likely_duplicate', label: 'Duplicates', preselected: false },
  { kind: 'changed', label: 'Changed', preselected: true },
  { kind: 'conflict', label: 'Conflicts', preselected: false },
  { kind: 'deleted_upstream', label: 'Deleted in Google', preselected: false },
];

const show = (value: string | null) => value || '—';
const NONE: ReadonlySet<string> = new Set();

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
  /** Dismissing new items and duplicates (never imported), and the list to restore them from. */
  dismissal?: Dismissal<T>;
}

export interface Dismissal<T extends ReviewItem> {
  dismissed: T[];
  dismiss: (ids: string[]) => Promise<unknown>;
  restore: (ids: string[]) => Promise<unknown>;
  busy: boolean;
}

const DISMISSABLE: ReadonlySet<ReviewKind> = new Set(['new', 'likely_duplicate']);
type Tab = ReviewKind | 'dismissed';

function Changes<T extends ReviewItem>({
  item,
  kept,
  onKeep,
  props,
}: {
  item: T;
  /** The clashing fields kept as Relate has them. */
  kept: ReadonlySet<string>;
  onKeep: (field: string, keepRelate: boolean) => void;
  props: ReviewDialogProps<T>;
}) {
  const value = (field: string, raw: string | null) => show(props.formatValue?.(field, raw) ?? raw);
  const clashing = item.kind === 'conflict' && item.changes.some((change) => change.clash);
  return (
    <div className="grid gap-1.5">
      <ul className="grid gap-1.5">
        {item.changes.map((change) =>
          item.kind === 'conflict' && change.clash ? (
            <li key={change.field}>
              <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <legend className="float-left mr-1.5 font-medium text-foreground">
                  {props.fieldLabel(change.field)}:
                </legend>
                {[
                  { keepRelate: true, label: 'Relate', raw: change.relate },
                  { keepRelate: false, label: 'Google', raw: change.google },
                ].map((option) => (
                  <label
                    key={option.label}
                    className="flex items-center gap-1.5 rounded-md border px-2 py-0.5 has-[:checked]:border-primary/50 has-[:checked]:bg-primary/10 has-[:checked]:text-foreground"
                  >
                    <input
                      type="radio"
                      name={`keep-${item.id}-${change.field}`}
                      aria-label={`Keep ${option.label}'s ${props.fieldLabel(change.field)} for ${props.label(item)}`}
                      checked={kept.has(change.field) === option.keepRelate}
                      onChange={() => onKeep(change.field, option.keepRelate)}
                      className="accent-primary"
                    />
                    {option.label} {value(change.field, option.raw)}
                  </label>
                ))}
              </fieldset>
            </li>
          ) : (
            <li key={change.field} className="flex flex-wrap items-center gap-1.5">
              <span className="font-medium text-foreground">{props.fieldLabel(change.field)}:</span>
              <span>{value(change.field, change.relate)}</span>
              <ArrowRightIcon className="size-3" aria-label="becomes" />
              <span className="font-medium text-foreground">{value(change.field, change.google)}</span>
            </li>
          ),
        )}
      </ul>
      <p>
        {clashing
          ? `Choose each clashing value; Google's other changes update ${props.localName(item)}.`
          : `Will update ${props.localName(item)} with Google's values.`}
      </p>
    </div>
  );
}

/** The kinds of items as tabs with their counts, and "Dismissed" when dismissing is offered. */
function ReviewTabs({
  groups,
  dismissedCount,
  active,
  onActive,
}: {
  groups: { kind: ReviewKind; label: string; items: unknown[] }[];
  dismissedCount?: number;
  active: Tab;
  onActive: (tab: Tab) => void;
}) {
  const tabs: { key: Tab; label: string; count: number; warn?: boolean }[] = [
    ...groups.map((group) => ({
      key: group.kind as Tab,
      label: group.label,
      count: group.items.length,
      warn: group.kind === 'conflict',
    })),
    ...(dismissedCount === undefined
      ? []
      : [{ key: 'dismissed' as const, label: 'Dismissed', count: dismissedCount }]),
  ];
  return (
    <div
      role="tablist"
      aria-label="Kinds of changes"
      className="flex gap-1 overflow-x-auto rounded-lg bg-muted p-1"
    >
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          onClick={() => onActive(tab.key)}
          className={cn(
            'flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
            tab.key === active
              ? 'bg-card text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {tab.label}
          <Badge variant={tab.warn && tab.count ? 'warning' : 'secondary'}>{formatNumber(tab.count)}</Badge>
        </button>
      ))}
    </div>
  );
}

/** The items of one kind, each with its checkbox and what Apply does with it. */
function ItemsPanel<T extends ReviewItem>({
  props,
  group,
  empty,
  selected,
  onToggle,
  kept,
  onKept,
}: {
  props: ReviewDialogProps<T>;
  group: { label: string; items: T[] };
  empty: boolean;
  selected: Set<string>;
  onToggle: (ids: string[], on: boolean) => void;
  kept: KeptFields;
  onKept: Dispatch<SetStateAction<KeptFields>>;
}) {
  const allInGroup = group.items.length > 0 && group.items.every((item) => selected.has(item.id));
  const someInGroup = group.items.some((item) => selected.has(item.id));
  return (
    <div role="tabpanel" aria-label={group.label} className="-mx-1 min-h-40 flex-1 overflow-y-auto px-1">
      {group.items.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">
          {empty ? 'Everything is in sync. Nothing to review.' : `No ${group.label.toLowerCase()}.`}
        </p>
      ) : (
        <ul className="grid gap-2">
          <li className="flex items-center gap-3 px-3 text-sm text-muted-foreground">
            <Checkbox
              aria-label={`Select all ${group.label}`}
              checked={allInGroup ? true : someInGroup ? 'indeterminate' : false}
              onCheckedChange={(checked) =>
                onToggle(
                  group.items.map((item) => item.id),
                  checked === true,
                )
              }
            />
            Select all
          </li>
          {group.items.map((item) => (
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
                onCheckedChange={(checked) => onToggle([item.id], checked === true)}
              />
              <div className="grid min-w-0 flex-1 gap-1 text-sm">
                {props.summary(item)}
                <div className="text-xs text-muted-foreground">
                  {item.kind === 'changed' || item.kind === 'conflict' ? (
                    <Changes
                      item={item}
                      props={props}
                      kept={kept.get(item.id) ?? NONE}
                      onKeep={(field, keepRelate) =>
                        onKept((previous) => {
                          const fields = new Set(previous.get(item.id));
                          keepRelate ? fields.add(field) : fields.delete(field);
                          return new Map(previous).set(item.id, fields);
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
  );
}

/** The "Dismissed" tab: what the user chose never to import, each with Restore. */
function DismissedPanel<T extends ReviewItem>({
  items,
  summary,
  label,
  busy,
  onRestore,
}: {
  items: T[];
  summary: (item: T) => ReactNode;
  label: (item: T) => string;
  busy: boolean;
  onRestore: (item: T) => void;
}) {
  if (items.length === 0)
    return <p className="py-10 text-center text-sm text-muted-foreground">Nothing dismissed.</p>;
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 rounded-lg border p-3">
          <div className="grid min-w-0 flex-1 gap-1 text-sm">{summary(item)}</div>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Restore ${label(item)}`}
            onClick={() => onRestore(item)}
          >
            <RotateCcwIcon /> Restore
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the dialog shows after dismissing and restoring here: the items it was given and those restored,
 * without those dismissed; and the dismissed list without those restored.
 */
function useDismissedHere<T extends ReviewItem>(
  items: T[],
  dismissal: Dismissal<T> | undefined,
  open: boolean,
) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [restored, setRestored] = useState<T[]>([]);
  useEffect(() => {
    if (!open) return;
    setHidden(new Set());
    setRestored([]);
  }, [open]);
  const visible = useMemo(
    () =>
      [...items, ...restored.filter((item) => !items.some((each) => each.id === item.id))].filter(
        (item) => !hidden.has(item.id),
      ),
    [items, restored, hidden],
  );
  const dismissed = (dismissal?.dismissed ?? []).filter(
    (item) => !restored.some((each) => each.id === item.id) || hidden.has(item.id),
  );
  const hide = (ids: string[], on: boolean) =>
    setHidden((previous) => {
      const next = new Set(previous);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  const restore = (item: T) => {
    hide([item.id], false);
    setRestored((previous) => [...previous.filter((each) => each.id !== item.id), item]);
  };
  return { visible, dismissed, hide, restore };
}

/**
 * The Google sync preview dialog (spec section 2), for contacts and for the calendar: the New Items /
 * Duplicates toggle (new items preselected, duplicates not), then the changed, conflicting and
 * deleted-in-Google items; each row says what Apply will do with it.
 */
export function ReviewDialog<T extends ReviewItem>(props: ReviewDialogProps<T>) {
  const { title, items: given, open, onOpenChange, applying, onApply, dismissal } = props;
  const here = useDismissedHere(given, dismissal, open);
  const items = here.visible;
  const groups = useMemo(
    () => GROUPS.map((group) => ({ ...group, items: items.filter((item) => item.kind === group.kind) })),
    [items],
  );
  const [active, setActive] = useState<Tab>('new');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [kept, setKept] = useState<KeptFields>(new Map());

  useEffect(() => {
    if (!open) return;
    const preselected = new Set(
      given
        .filter((item) => GROUPS.find((group) => group.kind === item.kind)?.preselected)
        .map((item) => item.id),
    );
    setSelected(preselected);
    setKept(new Map());
    setActive(GROUPS.find((group) => given.some((item) => item.kind === group.kind))?.kind ?? 'new');
  }, [open, given]);

  const current = groups.find((group) => group.kind === active) ?? groups[0];
  const chosen = items.filter((item) => selected.has(item.id));
  const dismissable = chosen.filter((item) => DISMISSABLE.has(item.kind)).map((item) => item.id);
  const toggle = (ids: string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const submit = () =>
    onApply({
      item_ids: chosen.map((item) => item.id),
      keep_relate_fields: Object.fromEntries(
        [...kept]
          .filter(([id, fields]) => selected.has(id) && fields.size > 0)
          .map(([id, fields]) => [id, [...fields]]),
      ),
    });
  const dismiss = async (ids: string[]) => {
    await dismissal?.dismiss(ids);
    here.hide(ids, true);
    toggle(ids, false);
    toast.success(`Dismissed ${formatCount(ids.length, 'item', 'items')}`, {
      description: 'They will not be imported. Restore them from the Dismissed tab.',
      action: { label: 'Undo', onClick: () => void restoreIds(ids) },
    });
  };
  const restoreIds = async (ids: string[]) => {
    await dismissal?.restore(ids);
    here.hide(ids, false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[min(720px,calc(100dvh-2rem))] max-w-3xl flex-col gap-4 overflow-hidden">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Choose what to bring over from Google. Nothing changes until you apply.
          </DialogDescription>
        </DialogHeader>

        <ReviewTabs
          groups={groups}
          dismissedCount={dismissal ? here.dismissed.length : undefined}
          active={active}
          onActive={setActive}
        />

        {active === 'dismissed' ? (
          <div role="tabpanel" aria-label="Dismissed" className="-mx-1 min-h-40 flex-1 overflow-y-auto px-1">
            <DismissedPanel
              items={here.dismissed}
              summary={props.summary}
              label={props.label}
              busy={dismissal?.busy ?? false}
              onRestore={async (item) => {
                await dismissal?.restore([item.id]);
                here.restore(item);
              }}
            />
          </div>
        ) : (
          <ItemsPanel
            props={props}
            group={current}
            empty={items.length === 0}
            selected={selected}
            onToggle={toggle}
            kept={kept}
            onKept={setKept}
          />
        )}

        <DialogFooter className="items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {formatNumber(chosen.length)} of {formatNumber(items.length)} selected
          </p>
          <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            {dismissal && (
              <Button
                variant="outline"
                onClick={() => void dismiss(dismissable)}
                disabled={dismissable.length === 0 || dismissal.busy}
                title="Never import the selected new items and duplicates"
              >
                <EyeOffIcon /> Dismiss {formatNumber(dismissable.length)}
              </Button>
            )}
            <Button onClick={submit} disabled={chosen.length === 0 || applying}>
              {applying ? 'Applying...' : `Apply ${formatNumber(chosen.length)} selected`}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
