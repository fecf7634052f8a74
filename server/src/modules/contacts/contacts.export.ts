import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { ownValue } from '../../lib/field-bag';
import { FIELD_COLUMNS, type PersonField } from './contacts.fields';
import { toPersonDto } from './contacts.mappers';
import type { ContactRow } from './contacts.repository';
import { contactVCard } from './contacts.vcard';

const FIELDS = [...(Object.keys(FIELD_COLUMNS) as PersonField[]), 'created_at', 'updated_at'] as const;

/** A phone number or signed number: + or - then only digits, spaces and ( ) . - / */
const PLAIN_NUMBER = /^[+-][\d\s().\-/]*$/;

/**
 * A cell that a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"):
 * one starting with =, @, a tab or CR, or with + or - unless the whole cell is a phone or plain number
 * ('-2+3+cmd|...' is a formula, '+1 555 0199' is not). Phone numbers stay as they are, so an export
 * imports back unchanged. csv-stringify does the quoting.
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !PLAIN_NUMBER.test(text));
  return formula ? `'${text}` : text;
}

/**
 * The user's contacts as CSV (UTF-8 with BOM for Excel), streamed a batch at a time: a byte stream, so
 * that the next batch is read only once the last one has been sent (an object stream read 16 ahead).
 */
export function contactsCsv(batches: AsyncIterable<ContactRow[]>, customFieldNames: string[]): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${stringify([[...FIELDS, ...customFieldNames].map(safeCell)])}`;
      for await (const rows of batches) {
        yield stringify(
          rows.map((row) => {
            const person = toPersonDto(row) as unknown as Record<string, unknown>;
            return [
              ...FIELDS.map((field) => safeCell(person[field])),
              ...customFieldNames.map((name) => safeCell(ownValue(row.customFields, name))),
            ];
          }),
        );
      }
    })(),
    { objectMode: false },
  );
}

/** The contacts as one vCard 3.0 file, streamed a batch at a time like the CSV. */
export function contactsVCard(batches: AsyncIterable<ContactRow[]>): Readable {
  return Readable.from(
    (async function* () {
      for await (const rows of batches) yield rows.map((row) => contactVCard(toPersonDto(row))).join('');
    })(),
    { objectMode: false },
  );
}
