import type { EventImportResult } from '@relate/contracts';
import { CheckCircle2Icon, CircleAlertIcon, TriangleAlertIcon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatNumber } from '@/lib/format';
import { useImportEvents } from '../api/events-api';

/**
 * "work.ics: 1,204 events imported, 3 updated, 1 skipped." — updated are events Relate already held
 * (a file exported from Relate, imported again); "work.ics: 3 events updated." when nothing was new.
 */
function summary(fileName: string, result: EventImportResult): string {
  const counts = [
    ...(result.imported > 0 || result.updated === 0
      ? [`${formatCount(result.imported, 'event', 'events')} imported`]
      : []),
    ...(result.updated > 0
      ? [
          result.imported > 0
            ? `${formatNumber(result.updated)} updated`
            : `${formatCount(result.updated, 'event', 'events')} updated`,
        ]
      : []),
    ...(result.skipped > 0 ? [`${formatNumber(result.skipped)} skipped`] : []),
  ];
  return `${fileName}: ${counts.join(', ')}.`;
}

/**
 * Settings → Calendar → Import Events: choose an .ics file; what was imported, and what was skipped or
 * imported in part with the reasons, stays in the dialog until the user closes it (as the CSV import's
 * result does).
 */
export function IcsImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const importEvents = useImportEvents();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const result = importEvents.data;

  const choose = (file: File | undefined) => {
    if (!file) return;
    importEvents.reset();
    setFileName(file.name);
    setProblem(null);
    if (!file.name.toLowerCase().endsWith('.ics')) {
      setProblem('Please select an .ics calendar file.');
      return;
    }
    importEvents.mutate(file, {
      onError: (error) => setProblem(`Import failed: ${error.message}`),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  const close = (next: boolean) => {
    if (importEvents.isPending) return;
    onOpenChange(next);
    if (!next) {
      importEvents.reset();
      setProblem(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Import Events</DialogTitle>
          <DialogDescription>
            Choose an iCalendar (.ics) file, e.g. exported from Google Calendar or Outlook.
          </DialogDescription>
        </DialogHeader>
        <input
          ref={input}
          type="file"
          accept=".ics,text/calendar"
          className="sr-only"
          aria-label="Calendar file"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {importEvents.isPending ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Spinner className="size-4" label="Importing" /> Importing {fileName}...
          </p>
        ) : result ? (
          <div className="grid gap-3">
            <p className="flex items-center gap-2 text-sm font-medium" role="status">
              <CheckCircle2Icon className="size-4 shrink-0 text-success" />
              {summary(fileName, result)}
            </p>
            <Messages
              title="Events not imported"
              items={result.errors.map(({ uid, line, error }) => ({
                uid: uid ?? (line ? `Line ${formatNumber(line)}` : null),
                text: error,
              }))}
            />
            <Messages
              title="Imported in part"
              items={result.warnings.map(({ uid, warning }) => ({ uid, text: warning }))}
            />
          </div>
        ) : null}
        {problem && (
          <p
            className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
            role="alert"
          >
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" /> {problem}
          </p>
        )}
        <DialogFooter>
          <Button
            variant={result ? 'outline' : 'default'}
            disabled={importEvents.isPending}
            onClick={() => input.current?.click()}
          >
            <UploadIcon />
            {result || problem ? 'Choose another file' : 'Choose file'}
          </Button>
          {result && <Button onClick={() => close(false)}>Done</Button>}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Skipped events or events imported in part, each with the reason, under a count. */
function Messages({ title, items }: { title: string; items: { uid: string | null; text: string }[] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
      <p id={id} className="flex items-center gap-2 font-medium">
        <TriangleAlertIcon className="size-4 text-warning" /> {title} ({items.length})
      </p>
      <ul aria-labelledby={id} className="grid gap-0.5 break-words text-muted-foreground">
        {items.map((item, index) => (
          // The same reason may come for several events without a UID: the position keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <li key={index}>{item.uid ? `${item.uid}: ${item.text}` : item.text}</li>
        ))}
      </ul>
    </div>
  );
}
