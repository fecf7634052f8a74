import type { CsvPreviewResponse } from '@relate/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { formatCount, formatNumber } from '@/lib/format';
import { targetLabel } from '../../csv-mapping';

/** The stored fields in form order, the name first; full_name is shown as the row's heading. */
const order = (keys: string[]) =>
  [...keys]
    .filter((key) => key !== 'full_name')
    .sort((a, b) => Number(a.startsWith('custom_')) - Number(b.startsWith('custom_')));

/** What a file holds a contact per: a CSV's row, a vCard file's card. */
export type ImportUnit = 'row' | 'card';
/** 'row' → 'Row', 'rows', 'Rows'. */
export const unitWords = (unit: ImportUnit) => ({
  one: unit === 'row' ? 'Row' : 'Card',
  many: `${unit}s`,
  Many: unit === 'row' ? 'Rows' : 'Cards',
});

/** Step 3: what the import will store, before anything is written. */
export function PreviewStep({
  preview,
  customFieldNames,
  unit = 'row',
}: {
  preview: CsvPreviewResponse;
  customFieldNames: string[];
  unit?: ImportUnit;
}) {
  const fields = order(Object.keys(preview.filled));
  const words = unitWords(unit);
  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm">
        <span className="font-medium">
          {formatCount(preview.importable_rows, 'contact', 'contacts')} will be imported
        </span>
        {preview.skipped_rows > 0 && (
          <span className="text-muted-foreground">
            ; {formatCount(preview.skipped_rows, `${unit} is`, `${words.many} are`)} skipped
          </span>
        )}
        .
      </p>

      <section aria-label={`${words.Many} with a value per field`} className="grid gap-1.5">
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {words.Many} with a value
        </h3>
        <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
          {fields.map((field) => {
            const share = preview.importable_rows ? preview.filled[field] / preview.importable_rows : 0;
            return (
              <li
                key={field}
                className="grid gap-1 rounded-md border px-2.5 py-1.5 text-sm"
                data-testid="field-count"
              >
                <div className="flex items-baseline justify-between gap-2">
                  <span className="truncate">{targetLabel(field, customFieldNames)}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    {formatNumber(preview.filled[field])} of {formatNumber(preview.importable_rows)}
                  </span>
                </div>
                <div className="h-1 overflow-hidden rounded-full bg-muted">
                  <div
                    className="h-full rounded-full bg-primary"
                    style={{ width: `${Math.round(share * 100)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-label={`First ${words.many} as they will be stored`} className="grid gap-1.5">
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          First {formatCount(preview.rows.length, unit, words.many)} as they will be stored
        </h3>
        <ul className="grid max-h-[36vh] gap-2 overflow-y-auto pr-1">
          {preview.rows.map(({ row, values }) => (
            <li key={row} className="rounded-lg border p-3" data-testid="preview-row">
              <p className="mb-1.5 flex items-baseline justify-between gap-2 text-sm font-medium">
                <span className="truncate">
                  {values.full_name ?? values.organization ?? values.email ?? 'Unnamed'}
                </span>
                <span className="shrink-0 text-xs font-normal text-muted-foreground">
                  {words.one} {row}
                </span>
              </p>
              <dl className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
                {order(Object.keys(values)).map((field) => (
                  <div key={field} className="contents">
                    <dt className="truncate text-muted-foreground">{targetLabel(field, customFieldNames)}</dt>
                    <dd className="break-words whitespace-pre-line">{values[field]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </section>

      {preview.column_checks.length > 0 && (
        <section
          aria-label="Columns to check"
          className="grid gap-1 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlertIcon className="size-4 text-warning" /> Columns to check: go back to mapping to
            change their field
          </p>
          <ul className="grid gap-0.5 text-muted-foreground">
            {preview.column_checks.map((check) => (
              <li key={check.column}>
                <span className="font-medium text-foreground">
                  {check.column} → {targetLabel(check.field, customFieldNames)}
                </span>
                : {check.message}
              </li>
            ))}
          </ul>
        </section>
      )}

      <RowMessages title={`${words.Many} that will be skipped`} messages={preview.errors} unit={unit} />
      <RowMessages title="Values that will be left out" messages={preview.warnings} unit={unit} />
    </div>
  );
}

export function RowMessages({
  title,
  messages,
  unit = 'row',
}: {
  title: string;
  messages: { row: number; error: string }[];
  unit?: ImportUnit;
}) {
  if (messages.length === 0) return null;
  return (
    <div className="grid max-h-40 gap-1 overflow-y-auto rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlertIcon className="size-4 text-warning" /> {title} ({formatNumber(messages.length)})
      </p>
      <ul className="grid gap-0.5 text-muted-foreground">
        {messages.map((message) => (
          <li key={`${message.row}-${message.error}`}>
            {unitWords(unit).one} {message.row}: {message.error}
          </li>
        ))}
      </ul>
    </div>
  );
}
