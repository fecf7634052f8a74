/**
 * A contacts import's rows (a CSV file's or a vCard file's), read, checked and turned into COPY text on a
 * worker thread: reading 100,000 rows takes about 2 s of CPU, kept off the thread that serves every
 * request (decision 38). The main thread streams the text into the import's COPY. No database, no request.
 */
import fs from 'node:fs';
import {
  CSV_PREVIEW_ROWS,
  type CsvPreviewResponse,
  companyNameKey,
  type PersonInput,
} from '@relate/contracts';
import type { CopyBatch } from '../../db/bulk-insert';
import { type CopyColumn, carriedColumns, copyLines } from '../../db/copy-format';
import { openCsv } from '../../lib/csv';
import { readVCards } from '../../lib/vcard/read';
import { type ItemSender, ItemsNotWanted } from '../../lib/workers/item-port';
import { type ParsedContactRow, parseContactRow, planImport, readMappingFields } from './contacts.csv';
import { newContactValues, toPersonDto } from './contacts.mappers';
import type { ContactValues } from './contacts.repository';
import { cardToContact } from './contacts.vcard';

const MAX_REPORTED_ROW_ERRORS = 1000;

/** Rows of an import as COPY text of the columns they fill, UTF-8 encoded (the buffer is moved, not copied). */
export interface ImportBatch extends CopyBatch {
  text: Uint8Array<ArrayBuffer>;
  rows: number;
}

/** The first batch is small: the COPY starts while the rest is read. */
const FIRST_BATCH_ROWS = 100;

/**
 * What an import read: rows in the file, rows skipped, and the reasons (at most 1,000 of each kind);
 * the custom fields its contacts fill (a vCard's X-RELATE-CUSTOM; a CSV's come from its mapping).
 */
export interface ImportTally {
  total: number;
  skipped: number;
  errors: { row: number; error: string }[];
  warnings: { row: number; error: string }[];
  customNames: string[];
}

/** The kinds of file a contacts import reads. */
export type ImportFormat = 'csv' | 'vcard';

export interface ImportRowsJob {
  /** The spooled upload. */
  path: string;
  format: ImportFormat;
  /** The form's fields (mapping, combine; none for a vCard), checked on the main thread already. */
  fields: Record<string, string | undefined>;
  userId: number;
  importId: number;
  /** Rows per batch sent. */
  batchRows: number;
  /** The columns a row may fill (IMPORT_COPY_COLUMNS: the schema is not loaded here). */
  columns: CopyColumn[];
  /**
   * The user's companies by name key ([key, id, name], companyNameKey): a row whose organization has one
   * of these keys is written linked to that company, with its name (issue 35).
   */
  companies?: [string, number, string][];
}

type ImportedRow = ContactValues & { userId: number; importId: number };
const utf8 = new TextEncoder();

/** Rows as one COPY of the columns they fill, UTF-8 encoded. */
function copyBatch(columns: CopyColumn[], rows: ImportedRow[]): ImportBatch {
  const carried = carriedColumns(columns, rows);
  const text = utf8.encode(copyLines(carried, rows));
  return { keys: carried.map((column) => column.key), text, rows: rows.length };
}

/** The row linked to the company its organization names, if the user has it; the organization is then its name. */
function withCompany(row: ImportedRow, companies: Map<string, { id: number; record: string }>): ImportedRow {
  if (companies.size === 0 || !row.organization) return row;
  const company = companies.get(companyNameKey(row.organization));
  return company ? { ...row, companyId: company.id, organization: company.record } : row;
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

/** A file's rows as contact bodies: a CSV's through its mapping, a vCard's cards as they are. */
interface ImportRecords {
  records: AsyncIterable<{ row: number; parsed: ParsedContactRow | null }>;
  close(): Promise<void>;
}

/** A vCard file's cards as import rows, numbered from 1. */
export async function* vcardRecords(source: AsyncIterable<Buffer>) {
  for await (const card of readVCards(source)) yield { row: card.number, parsed: cardToContact(card) };
}

async function openRecords({ path, format, fields }: ImportRowsJob): Promise<ImportRecords> {
  const stream = fs.createReadStream(path, { highWaterMark: 64 * 1024 });
  if (format === 'vcard') return { records: vcardRecords(stream), close: async () => void stream.destroy() };
  const { mapping, combine } = readMappingFields(fields);
  const table = await openCsv(stream);
  try {
    const plan = planImport(table.headers, mapping, combine);
    const records = (async function* () {
      for await (const { row, values } of table.records) yield { row, parsed: parseContactRow(plan, values) };
    })();
    return { records, close: () => table.close() };
  } catch (error) {
    await table.close();
    throw error;
  }
}

/**
 * Reads the file and sends its valid rows, `batchRows` at a time, as they are read; answers the tally.
 * A file that cannot be read to the end throws (a CsvError: 400). Stops quietly when the main thread
 * stops taking batches.
 */
export async function sendImportRows(
  job: ImportRowsJob,
  sender: ItemSender<ImportBatch>,
): Promise<ImportTally> {
  const { userId, importId, batchRows, columns } = job;
  const companies = new Map((job.companies ?? []).map(([key, id, record]) => [key, { id, record }]));
  const tally: ImportTally = { total: 0, skipped: 0, errors: [], warnings: [], customNames: [] };
  const customNames = new Set<string>();
  let source: ImportRecords | undefined;
  try {
    source = await openRecords(job);
    let batch: ImportedRow[] = [];
    let size = Math.min(FIRST_BATCH_ROWS, batchRows);
    const flush = async () => {
      if (batch.length === 0) return;
      const sent = copyBatch(columns, batch);
      await sender.send(sent, [sent.text.buffer]);
      batch = [];
      size = batchRows;
    };
    for await (const { row, parsed } of source.records) {
      tally.total++;
      if (!accept(parsed, row, tally)) {
        tally.skipped++;
        continue;
      }
      for (const name of Object.keys(parsed.person.custom_fields ?? {})) customNames.add(name);
      batch.push(withCompany({ ...newContactValues(parsed.person), importId, userId }, companies));
      if (batch.length === size) await flush();
    }
    await flush();
    await sender.finish();
  } catch (error) {
    if (!(error instanceof ItemsNotWanted)) throw error;
  } finally {
    sender.close();
    await source?.close();
  }
  return { ...tally, customNames: [...customNames] };
}

/** A preview with nothing read yet. */
export const emptyPreview = (): CsvPreviewResponse => ({
  total_rows: 0,
  importable_rows: 0,
  skipped_rows: 0,
  filled: {},
  rows: [],
  errors: [],
  warnings: [],
  column_checks: [],
});

/** The fields of a parsed row as the preview shows them: stored text, custom fields as custom_<name>. */
function storedValues(person: PersonInput): Record<string, string> {
  const stored = newContactValues(person) as Parameters<typeof toPersonDto>[0];
  const row = toPersonDto(stored) as unknown as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(row))
    if (typeof value === 'string' && value && !['created_at', 'updated_at'].includes(key))
      values[key] = value;
  for (const [name, value] of Object.entries(person.custom_fields ?? {}))
    if (value) values[`custom_${name}`] = value;
  return values;
}

/** Counts one read row into the preview: skipped with its reason, or its stored fields (the first rows shown). */
export function addToPreview(
  preview: CsvPreviewResponse,
  row: number,
  parsed: ParsedContactRow | null,
): void {
  preview.total_rows++;
  if (!accept(parsed, row, preview)) {
    preview.skipped_rows++;
    return;
  }
  preview.importable_rows++;
  const stored = storedValues(parsed.person);
  for (const key of Object.keys(stored)) preview.filled[key] = (preview.filled[key] ?? 0) + 1;
  if (preview.rows.length < CSV_PREVIEW_ROWS) preview.rows.push({ row, values: stored });
}

const vcardFile = (path: string) => fs.createReadStream(path, { highWaterMark: 64 * 1024 });

/** A vCard file's preview: every card read as the import will read it (no mapping to choose). */
export async function previewVCardFile(path: string): Promise<CsvPreviewResponse> {
  const preview = emptyPreview();
  for await (const { row, parsed } of vcardRecords(vcardFile(path))) addToPreview(preview, row, parsed);
  return preview;
}

/**
 * get-columns for a vCard file: no columns to map, the number of cards, and the versions seen as the
 * "profile" the dialog names ("vCard 2.1 and 3.0").
 */
export async function inspectVCardFile(path: string) {
  let cards = 0;
  const versions = new Set<string>();
  for await (const card of readVCards(vcardFile(path))) {
    cards++;
    if (card.version) versions.add(card.version);
  }
  const sorted = [...versions].sort();
  return {
    format: 'vcard' as const,
    csv_columns: [],
    contact_fields: [],
    total_rows: cards,
    preview: [],
    profile: { id: 'vcard', name: sorted.length > 0 ? `vCard ${sorted.join(' and ')}` : 'vCard' },
    suggested_mapping: {},
    reasons: {},
    combine: {},
  };
}
