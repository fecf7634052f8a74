import type { TimelineEntry } from '@relate/contracts';
import {
  ArrowRightIcon,
  AtSignIcon,
  CalendarClockIcon,
  FileUpIcon,
  type LucideIcon,
  MailIcon,
  MergeIcon,
  MessageSquareIcon,
  PencilIcon,
  PhoneIcon,
  PlusIcon,
  RefreshCwIcon,
  Share2Icon,
  StickyNoteIcon,
  Trash2Icon,
  UserPlusIcon,
  UsersIcon,
} from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { IconButton } from '@/components/icon-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/format';
import { lazyWithPreload, preloadOn, useOpenedOnce } from '@/lib/lazy-with-preload';
import { toast } from '@/lib/toast';
import type { TimelineSubject } from '../api/keys';
import { useAddNote, useDeleteNote, useTimeline, useUpdateNote } from '../api/timeline-api';
import { ENTRY_LABELS, fieldLabel, INTERACTION_LABELS, valueText } from '../labels';
import { Markdown } from './markdown';

const LogInteractionDialog = lazyWithPreload(
  async () => (await import('./log-interaction-dialog')).LogInteractionDialog,
);

/** A member of the user's group a note can mention. */
export interface Mentionable {
  name: string;
  email: string;
}

interface TimelineProps {
  subject: TimelineSubject;
  /** Approved members of the user's group, offered by the composer's Mention menu. */
  members?: Mentionable[];
  /** After an interaction was logged (the contact's last contact date may have moved). */
  onInteractionLogged?: () => void;
}

const INTERACTION_ICONS: Record<string, LucideIcon> = {
  call: PhoneIcon,
  meeting: UsersIcon,
  email: MailIcon,
  message: MessageSquareIcon,
};
const ENTRY_ICONS: Record<string, LucideIcon> = {
  note: StickyNoteIcon,
  field_change: PencilIcon,
  created: UserPlusIcon,
  import: FileUpIcon,
  merge: MergeIcon,
  share: Share2Icon,
  sync: RefreshCwIcon,
};

function NoteComposer({
  subject,
  members,
  initial = '',
  onDone,
}: {
  subject: TimelineSubject;
  members: Mentionable[];
  initial?: string;
  /** Editing a note: its id, and what to do once saved or cancelled. */
  onDone?: { id: number; close: () => void };
}) {
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  const add = useAddNote(subject);
  const update = useUpdateNote(subject);
  const pending = add.isPending || update.isPending;

  const mention = (email: string) => {
    const element = area.current;
    const at = element?.selectionStart ?? text.length;
    const before = text.slice(0, at);
    const insert = `${before && !/\s$/.test(before) ? ' ' : ''}@${email} `;
    setText(before + insert + text.slice(at));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + insert.length, at + insert.length);
    });
  };

  const save = async () => {
    if (!text.trim()) return;
    try {
      if (onDone) {
        await update.mutateAsync({ id: onDone.id, body: text });
        toast.success('Note updated successfully');
        onDone.close();
      } else {
        await add.mutateAsync(text);
        toast.success('Note added successfully');
        setText('');
      }
    } catch (error) {
      toast.error(onDone ? 'Failed to update note' : 'Failed to add note', {
        description: (error as Error).message,
      });
    }
  };

  return (
    <div className="grid gap-2">
      <Textarea
        ref={area}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            void save();
          }
        }}
        rows={onDone ? 4 : 3}
        aria-label={onDone ? 'Edit note' : 'New note'}
        placeholder="Write a note… Markdown works; @their@email notifies a group member."
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {members.length > 0 && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="ghost" size="sm" className="mr-auto">
                <AtSignIcon />
                Mention
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Notify a group member</DropdownMenuLabel>
              {members.map((member) => (
                <DropdownMenuItem key={member.email} onSelect={() => mention(member.email)}>
                  <span className="truncate">{member.name}</span>
                  <span className="truncate text-xs text-muted-foreground">{member.email}</span>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
        {onDone && (
          <Button type="button" variant="outline" size="sm" onClick={onDone.close} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="button" size="sm" onClick={() => void save()} disabled={pending || !text.trim()}>
          {pending ? 'Saving...' : onDone ? 'Save Note' : 'Add Note'}
        </Button>
      </div>
    </div>
  );
}

function entryTitle(entry: TimelineEntry): string {
  if (entry.type === 'interaction' && entry.interaction_kind) {
    const kind = INTERACTION_LABELS[entry.interaction_kind];
    return entry.duration_minutes ? `${kind} · ${entry.duration_minutes} min` : kind;
  }
  if (entry.type === 'field_change') {
    const count = entry.changes.length;
    return count === 1 ? 'Changed 1 field' : `Changed ${count} fields`;
  }
  return ENTRY_LABELS[entry.type];
}

function Changes({ entry }: { entry: TimelineEntry }) {
  if (entry.changes.length === 0) return null;
  return (
    <dl className="grid gap-1 text-sm">
      {entry.changes.map((change) => (
        <div key={change.field} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="font-medium">{fieldLabel(change.field)}</dt>
          <dd className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-muted-foreground">
            <span className="break-all line-through decoration-muted-foreground/50">
              {valueText(change.before)}
            </span>
            <ArrowRightIcon className="size-3 shrink-0 self-center" aria-label="to" />
            <span className="break-all text-foreground">{valueText(change.after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Entry({
  entry,
  subject,
  members,
}: {
  entry: TimelineEntry;
  subject: TimelineSubject;
  members: Mentionable[];
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteNote(subject);
  const Icon =
    (entry.type === 'interaction' && entry.interaction_kind && INTERACTION_ICONS[entry.interaction_kind]) ||
    ENTRY_ICONS[entry.type] ||
    CalendarClockIcon;
  const edited = entry.type === 'note' && entry.updated_at !== entry.created_at;
  const deleteNote = async () => {
    try {
      await remove.mutateAsync(entry.id);
      toast.success('Note deleted successfully');
    } catch (error) {
      toast.error('Failed to delete note', { description: (error as Error).message });
    }
  };

  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      <span
        aria-hidden
        className="absolute top-8 bottom-0 left-4 w-px -translate-x-1/2 bg-border [li:last-child>&]:hidden"
      />
      <span
        className={`relative flex size-8 shrink-0 items-center justify-center rounded-full border ${
          entry.type === 'note' || entry.type === 'interaction'
            ? 'border-primary/30 bg-primary/10 text-primary'
            : 'bg-muted text-muted-foreground'
        }`}
      >
        <Icon className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5 pt-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <span className="text-sm font-medium">{entryTitle(entry)}</span>
          <span className="text-xs text-muted-foreground">
            {[entry.actor_name, formatDateTime(entry.occurred_at)].filter(Boolean).join(' · ')}
            {edited && ' · edited'}
          </span>
          {entry.can_edit && !editing && (
            <span className="ml-auto flex gap-0.5">
              <IconButton
                icon={PencilIcon}
                label="Edit note"
                className="size-7"
                onClick={() => setEditing(true)}
              />
              <IconButton
                icon={Trash2Icon}
                label="Delete note"
                className="size-7 text-muted-foreground hover:text-destructive"
                onClick={() => setConfirming(true)}
              />
            </span>
          )}
        </div>
        {editing ? (
          <NoteComposer
            subject={subject}
            members={members}
            initial={entry.body ?? ''}
            onDone={{ id: entry.id, close: () => setEditing(false) }}
          />
        ) : entry.type === 'note' && entry.body ? (
          <div className="rounded-md border bg-card px-3 py-2">
            <Markdown text={entry.body} />
          </div>
        ) : entry.body ? (
          <p className="text-sm whitespace-pre-wrap break-words">{entry.body}</p>
        ) : null}
        {entry.detail && <p className="text-sm text-muted-foreground">{entry.detail}</p>}
        <Changes entry={entry} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete note"
        description="Are you sure you want to delete this note? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => void deleteNote()}
      />
    </li>
  );
}

/**
 * The Timeline section of a contact or a company: a note composer, "Log interaction" (contacts), and
 * every entry newest first, older ones a page at a time.
 */
export function Timeline({ subject, members = [], onInteractionLogged }: TimelineProps) {
  const timeline = useTimeline(subject);
  const [logging, setLogging] = useState(false);
  const logOpened = useOpenedOnce(logging);
  const { entries } = timeline;

  return (
    <section aria-label="Timeline" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Timeline</h3>
        {subject.type === 'contact' && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setLogging(true)}
            {...preloadOn(LogInteractionDialog.preload)}
          >
            <PlusIcon />
            Log interaction
          </Button>
        )}
      </div>
      <NoteComposer subject={subject} members={members} />
      {timeline.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : timeline.error && entries.length === 0 ? (
        <p className="text-sm text-destructive">Failed to load the timeline: {timeline.error.message}</p>
      ) : entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          Nothing here yet. Add a note{subject.type === 'contact' ? ' or log an interaction' : ''}.
        </p>
      ) : (
        <ol className="grid" aria-label="Timeline entries">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} subject={subject} members={members} />
          ))}
        </ol>
      )}
      {timeline.error && entries.length > 0 && (
        <p className="text-center text-sm text-destructive">
          Failed to load older entries: {timeline.error.message}
        </p>
      )}
      {timeline.hasOlder && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-center"
          onClick={() => void timeline.fetchOlder()}
          disabled={timeline.loadingOlder}
        >
          {timeline.loadingOlder ? 'Loading...' : 'Show older entries'}
        </Button>
      )}
      {logOpened && (
        <Suspense fallback={null}>
          <LogInteractionDialog
            subject={subject}
            open={logging}
            onOpenChange={setLogging}
            onLogged={onInteractionLogged}
          />
        </Suspense>
      )}
    </section>
  );
}
