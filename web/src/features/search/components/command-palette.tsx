import type { SearchResult, SearchResultType } from '@relate/contracts';
import { Command } from 'cmdk';
import {
  ArrowRightIcon,
  Building2Icon,
  CalendarIcon,
  CalendarPlusIcon,
  CheckSquareIcon,
  FolderIcon,
  type LucideIcon,
  MoonIcon,
  SearchIcon,
  SquarePlusIcon,
  SunIcon,
  UserIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { setTheme, useTheme } from '@/lib/theme';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearch } from '../api/search-api';
import {
  type CommandIcon,
  matchingCommands,
  type PaletteCommand,
  paletteCommands,
} from '../palette-commands';
import { GROUP_LABELS, groupResults, resultTarget } from '../search-targets';

/** Typing this long without a key pressed sends the search. */
const DEBOUNCE_MS = 120;

const RESULT_ICONS: Record<SearchResultType, LucideIcon> = {
  contact: UserIcon,
  company: Building2Icon,
  task: CheckSquareIcon,
  project: FolderIcon,
  event: CalendarIcon,
};

const COMMAND_ICONS: Record<CommandIcon, LucideIcon> = {
  'new-contact': UserPlusIcon,
  'new-task': SquarePlusIcon,
  'new-event': CalendarPlusIcon,
  'new-company': Building2Icon,
  page: ArrowRightIcon,
  theme: MoonIcon,
};

const ITEM =
  'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';
const GROUP =
  'px-1 pb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

function ItemIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-md border bg-background/60">
      <Icon className="size-4 text-muted-foreground" aria-hidden />
    </span>
  );
}

/** `text` with the first place it holds `find` marked. */
function Marked({ text, find }: { text: string; find: string }) {
  const at = find ? text.toLowerCase().indexOf(find.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="rounded-sm bg-primary/15 text-foreground">{text.slice(at, at + find.length)}</mark>
      {text.slice(at + find.length)}
    </>
  );
}

function ResultItem({ result, find, onOpen }: { result: SearchResult; find: string; onOpen: () => void }) {
  return (
    <Command.Item value={`${result.type}:${result.id}`} onSelect={onOpen} className={ITEM}>
      <ItemIcon icon={RESULT_ICONS[result.type]} />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium">
          <Marked text={result.title} find={find} />
        </span>
        {result.detail && (
          <span className="truncate text-xs text-muted-foreground">
            <Marked text={result.detail} find={find} />
          </span>
        )}
      </span>
      {result.date && (
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatDate(result.date)}</span>
      )}
    </Command.Item>
  );
}

function CommandItems({
  commands,
  onRun,
}: {
  commands: PaletteCommand[];
  onRun: (command: PaletteCommand) => void;
}) {
  const groups = [...new Set(commands.map((command) => command.group))];
  return groups.map((group) => (
    <Command.Group key={group} heading={group} className={GROUP}>
      {commands
        .filter((command) => command.group === group)
        .map((command) => (
          <Command.Item key={command.id} value={command.id} onSelect={() => onRun(command)} className={ITEM}>
            <ItemIcon
              icon={
                command.theme ? (command.theme === 'dark' ? MoonIcon : SunIcon) : COMMAND_ICONS[command.icon]
              }
            />
            <span className="flex-1 truncate">{command.label}</span>
          </Command.Item>
        ))}
    </Command.Group>
  ));
}

function KeyHints() {
  const hints = [
    ['↑ ↓', 'to move'],
    ['↵', 'to open'],
    ['esc', 'to close'],
  ];
  return (
    <div
      className="hidden items-center gap-4 border-t px-4 py-2 text-xs text-muted-foreground sm:flex"
      aria-hidden
    >
      {hints.map(([key, what]) => (
        <span key={key} className="flex items-center gap-1.5">
          <kbd className="rounded border bg-muted px-1.5 py-0.5 font-sans text-[11px]">{key}</kbd>
          {what}
        </span>
      ))}
    </div>
  );
}

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Cmd+K / Ctrl+K: finds contacts, companies, tasks, projects and events as one types (GET /api/search),
 * and runs commands (new contact, task, event or company; go to a page; switch theme). A combobox over a
 * listbox (cmdk): arrows move, Enter opens, Esc closes.
 */
export function CommandPalette({ open, onOpenChange }: CommandPaletteProps) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = useSearch(q);
  const navigate = useNavigate();
  const { theme } = useTheme();
  const results = q && text.trim() ? (search.data ?? []) : [];
  const commands = matchingCommands(paletteCommands(theme), text);
  const waiting = text.trim() !== '' && (q !== text.trim() || search.isFetching);

  const close = (next: boolean) => {
    if (!next) setText('');
    onOpenChange(next);
  };
  const go = (to: string) => {
    close(false);
    navigate(to);
  };
  const run = (command: PaletteCommand) => {
    if (command.theme) {
      setTheme(command.theme);
      close(false);
    } else if (command.to) go(command.to);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="top-[12dvh] max-w-xl translate-y-0 gap-0 overflow-hidden p-0 sm:top-[15dvh]">
        <DialogTitle className="sr-only">Search and commands</DialogTitle>
        <DialogDescription className="sr-only">
          Find contacts, companies, tasks, projects and events, or run a command. Arrow keys move, Enter
          opens, Escape closes.
        </DialogDescription>
        <Command shouldFilter={false} loop label="Search contacts, companies, tasks, events and commands">
          <div className="flex items-center gap-2 border-b px-4 pr-12">
            <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder="Search or type a command…"
              className="h-12 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            />
            {waiting && <Spinner className="size-4 shrink-0 text-muted-foreground" />}
          </div>
          <Command.List className="max-h-[min(60dvh,26rem)] overflow-y-auto overscroll-contain py-1">
            {!waiting && (
              <Command.Empty className="px-4 py-8 text-center text-sm text-muted-foreground">
                Nothing found for “{text.trim()}”.
              </Command.Empty>
            )}
            {groupResults(results).map((group) => (
              <Command.Group key={group.type} heading={GROUP_LABELS[group.type]} className={GROUP}>
                {group.results.map((result) => (
                  <ResultItem
                    key={`${result.type}:${result.id}`}
                    result={result}
                    find={q}
                    onOpen={() => go(resultTarget(result))}
                  />
                ))}
              </Command.Group>
            ))}
            <CommandItems commands={commands} onRun={run} />
          </Command.List>
          <KeyHints />
        </Command>
      </DialogContent>
    </Dialog>
  );
}
