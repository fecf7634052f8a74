import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { FIELD_COLUMNS, type PersonField, toPerson } from './contacts.mapper';
import type { ContactRow } from './contacts.repository';

const FIELDS = [...(Object.keys(FIELD_COLUMNS) as PersonField[]), 'created_at', 'updated_at'] as const;

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe
 * (OWASP "CSV injection"); csv-stringify does the quoting.
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The user's contacts as CSV (UTF-8 with BOM for Excel), streamed a batch at a time. */
export function contactsCsv(batches: AsyncIterable<ContactRow[]>, customFieldNames: string[]): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${stringify([[...FIELDS, ...customFieldNames]])}`;
      for await (const rows of batches) {
        yield stringify(
          rows.map((row) => {
            const person = toPerson(row) as unknown as Record<string, unknown>;
            return [
              ...FIELDS.map((field) => safeCell(person[field])),
              ...customFieldNames.map((name) => safeCell(row.customFields?.[name])),
            ];
          }),
        );
      }
    })(),
  );
}
