import type { CompanyCsvField, CompanyCsvPreview } from '@relate/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { formatCount, formatNumber } from '@/lib/format';
import { CSV_FIELD_LABELS } from '../csv-file';

const label = (field: string) =>
  field === 'record' ? 'Name' : (CSV_FIELD_LABELS[field as CompanyCsvField] ?? field);

/** The preview step of 'Map CSV Columns': what the import will store, before anything is written. */
export function CompanyCsvPreviewStep({ preview }: { preview: CompanyCsvPreview }) {
  const fields = Object.keys(preview.filled);
  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm">
        <span className="font-medium">
          {formatCount(preview.importable_rows, 'company', 'companies')} will be imported
        </span>
        {preview.skipped_rows > 0 && (
          <span className="text-muted-foreground">
            ; {formatCount(preview.skipped_rows, 'row is', 'rows are')} skipped
          </span>
        )}
        .
      </p>
      <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-3" aria-label="Rows with a value per field">
        {fields.map((field) => (
          <li
            key={field}
            className="flex items-baseline justify-between gap-2 rounded-md border px-2.5 py-1.5 text-sm"
          >
            <span className="truncate">{label(field)}</span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {formatNumber(preview.filled[field])} of {formatNumber(preview.importable_rows)}
            </span>
          </li>
        ))}
      </ul>
      <ul
        className="grid max-h-[40vh] gap-2 overflow-y-auto pr-1"
        aria-label="First companies as they will be stored"
      >
        {preview.rows.map(({ row, values }) => (
          <li key={row} className="rounded-lg border p-3" data-testid="company-preview-row">
            <p className="mb-1.5 flex items-baseline justify-between gap-2 text-sm font-medium">
              <span className="truncate">{values.record}</span>
              <span className="shrink-0 text-xs font-normal text-muted-foreground">Row {row}</span>
            </p>
            <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
              {Object.entries(values)
                .filter(([field]) => field !== 'record')
                .map(([field, value]) => (
                  <div key={field} className="contents">
                    <dt className="truncate text-muted-foreground">{label(field)}</dt>
                    <dd className="break-words">{value}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
      {preview.errors.length > 0 && (
        <div className="grid max-h-32 gap-1 overflow-y-auto rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlertIcon className="size-4 text-warning" /> Rows that will be skipped (
            {formatNumber(preview.errors.length)})
          </p>
          <ul className="grid gap-0.5 text-muted-foreground">
            {preview.errors.map((error) => (
              <li key={`${error.row}-${error.error}`}>
                Row {error.row}: {error.error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
