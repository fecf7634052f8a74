import type { CsvImportResponse } from '@relate/contracts';
import { CheckCircle2Icon, CircleAlertIcon, Undo2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatNumber } from '@/lib/format';
import { type ImportUnit, RowMessages, unitWords } from './preview-step';

export type UndoState =
  | { status: 'idle' | 'undoing' }
  | { status: 'undone'; deleted: number }
  | { status: 'refused'; message: string };

interface ResultStepProps {
  result: CsvImportResponse;
  undo: UndoState;
  onUndo: () => void;
  unit?: ImportUnit;
}

/** Step 4: what was imported, what was not, and "Undo this import". */
export function ResultStep({ result, undo, onUndo, unit = 'row' }: ResultStepProps) {
  const words = unitWords(unit);
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-3 gap-3 text-center">
        <Stat value={undo.status === 'undone' ? 0 : result.imported_count} label="Imported" accent />
        <Stat value={result.skipped_count} label="Skipped" />
        <Stat value={result.total_rows} label={words.Many} />
      </div>
      {undo.status === 'undone' ? (
        <p className="flex items-center gap-2 text-sm">
          <Undo2Icon className="size-4 text-primary" /> Import undone:{' '}
          {formatCount(undo.deleted, 'contact was', 'contacts were')} removed.
        </p>
      ) : result.errors.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-success">
          <CheckCircle2Icon className="size-4" /> Every {unit} was imported.
        </p>
      ) : (
        <RowMessages title={`${words.Many} not imported`} messages={result.errors} unit={unit} />
      )}
      {undo.status !== 'undone' && (
        <RowMessages title="Values left out" messages={result.warnings} unit={unit} />
      )}
      {undo.status === 'refused' && (
        <p
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          role="alert"
        >
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" /> {undo.message}
        </p>
      )}
      {result.import_id !== null && undo.status !== 'undone' && undo.status !== 'refused' && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
          <p className="min-w-0 grow basis-60 text-muted-foreground">
            {unit === 'card' ? 'Wrong file?' : 'Wrong file or mapping?'} Undo removes exactly the contacts
            this import added, as long as none was edited.
          </p>
          <Button variant="outline" size="sm" onClick={onUndo} disabled={undo.status === 'undoing'}>
            {undo.status === 'undoing' ? (
              <Spinner className="size-4 text-current" label="Undoing" />
            ) : (
              <Undo2Icon />
            )}
            Undo this import
          </Button>
        </div>
      )}
    </div>
  );
}

function Stat({ value, label, accent }: { value: number; label: string; accent?: boolean }) {
  return (
    <div className="rounded-lg border p-3">
      <p className={accent ? 'text-2xl font-semibold text-success' : 'text-2xl font-semibold'}>
        {formatNumber(value)}
      </p>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  );
}
