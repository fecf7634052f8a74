import { formatCount } from '@/lib/format';
import type { ImportUnit } from './preview-step';
/** Uploading: how much of the file is sent. Saving: the server is writing the rows, in one transaction. */
export function ImportProgress({
  uploaded,
  fileName,
  rows,
  unit = 'row',
}: {
  uploaded: number;
  fileName?: string;
  rows: number;
  unit?: ImportUnit;
}) {
  const saving = uploaded >= 1;
  const percent = Math.round(uploaded * 100);
  return (
    <div className="grid gap-3 py-6">
      <div
        role="progressbar"
        aria-label={saving ? 'Saving contacts' : 'Uploading file'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={saving ? undefined : percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        {saving ? (
          <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-primary" />
        ) : (
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        )}
      </div>
      <p className="text-center text-sm text-muted-foreground">
        {saving
          ? `Saving ${formatCount(rows, unit, `${unit}s`)} — this takes a few seconds for large files.`
          : `Uploading ${fileName ?? 'the file'}… ${percent}%`}
      </p>
    </div>
  );
}
