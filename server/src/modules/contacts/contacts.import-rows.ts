/**
 * A contacts CSV import's rows, read, checked and turned into COPY text on a worker thread: reading
 * 100,000 rows takes about 2 s of CPU, kept off the thread that serves every request (decision 38).
 * The main thread streams the text into the import's COPY. No database, no request.
 */
import fs from 'node:fs';
import type { CopyBatch } from '../../db/bulk-insert';
import { type CopyColumn, carriedColumns, copyLines } from '../../db/copy-format';
import { type CsvTable, openCsv } from '../../lib/csv';
import { type ItemSender, ItemsNotWanted } from '../../lib/workers/item-port';
import { type ParsedContactRow, parseContactRow, planImport, readMappingFields } from './contacts.csv';
import { newContactValues } from './contacts.mappers';
import type { ContactValues } from './contacts.repository';

const MAX_REPORTED_ROW_ERRORS = 1000;

/** Rows of an import as COPY text of the columns they fill, UTF-8 encoded (the buffer is moved, not copied). */
export interface ImportBatch extends CopyBatch {
  text: Uint8Array<ArrayBuffer>;
  rows: number;
}

/** The first batch is small: the COPY starts while the rest is read. */
const FIRST_BATCH_ROWS = 100;

/** What an import read: rows in the file, rows skipped, and the reasons (at most 1,000 of each kind). */
export interface ImportTally {
  total: number;
  skipped: number;
  errors: { row: number; error: string }[];
  warnings: { row: number; error: string }[];
}

export interface ImportRowsJob {
  /** The spooled upload. */
  path: string;
  /** The form's fields (mapping, combine), checked on the main thread already. */
  fields: Record<string, string | undefined>;
  userId: number;
  importId: number;
  /** Rows per batch sent. */
  batchRows: number;
  /** The columns a row may fill (IMPORT_COPY_COLUMNS: the schema is not loaded here). */
  columns: CopyColumn[];
}

type ImportedRow = ContactValues & { userId: number; importId: number };
const utf8 = new TextEncoder();

/** Rows as one COPY of the columns they fill, UTF-8 encoded. */
function copyBatch(columns: CopyColumn[], rows: ImportedRow[]): ImportBatch {
  const carried = carriedColumns(columns, rows);
  const text = utf8.encode(copyLines(carried, rows));
  return { keys: carried.map((column) => column.key), text, rows: rows.length };
}

/** Records a skipped row's reason or a kept row's warnings; true when the row is imported. */
export function accept(
  parsed: ParsedContactRow | null,
  row: number,
  report: Pick<ImportTally, 'errors' | 'warnings'>,
): parsed is Extract<ParsedContactRow, { person: unknown }> {
  if (parsed === null) return false;
  if ('error' in parsed) {
    if (report.errors.length < MAX_REPORTED_ROW_ERRORS) report.errors.push({ row, error: parsed.error });
    return false;
  }
  for (const warning of parsed.warnings)
    if (report.warnings.length < MAX_REPORTED_ROW_ERRORS) report.warnings.push({ row, error: warning });
  return true;
}

/**
 * Reads the file and sends its valid rows, `batchRows` at a time, as they are read; answers the tally.
 * A file that cannot be read to the end throws (a CsvError: 400). Stops quietly when the main thread
 * stops taking batches.
 */
export async function sendImportRows(
  { path, fields, userId, importId, batchRows, columns }: ImportRowsJob,
  sender: ItemSender<ImportBatch>,
): Promise<ImportTally> {
  const tally: ImportTally = { total: 0, skipped: 0, errors: [], warnings: [] };
  const { mapping, combine } = readMappingFields(fields);
  let table: CsvTable | undefined;
  try {
    table = await openCsv(fs.createReadStream(path, { highWaterMark: 64 * 1024 }));
    const plan = planImport(table.headers, mapping, combine);
    let batch: ImportedRow[] = [];
    let size = Math.min(FIRST_BATCH_ROWS, batchRows);
    const flush = async () => {
      if (batch.length === 0) return;
      const sent = copyBatch(columns, batch);
      await sender.send(sent, [sent.text.buffer]);
      batch = [];
      size = batchRows;
    };
    for await (const { row, values } of table.records) {
      tally.total++;
      const parsed = parseContactRow(plan, values);
      if (!accept(parsed, row, tally)) {
        tally.skipped++;
        continue;
      }
      batch.push({ ...newContactValues(parsed.person), importId, userId });
      if (batch.length === size) await flush();
    }
    await flush();
    await sender.finish();
  } catch (error) {
    if (!(error instanceof ItemsNotWanted)) throw error;
  } finally {
    sender.close();
    await table?.close();
  }
  return tally;
}
