/**
 * The three readings of a company CSV (headers, preview, import), each of the whole file. They run on a
 * worker thread (`companies.tasks.ts`): a 20 MB file takes seconds of parsing and validation,
 * which on the event loop's thread would hold every other request (issue 19).
 */
import {
  COMPANY_CSV_MAX_BYTES,
  COMPANY_CSV_MAX_ROWS,
  type CompanyCsvHeadersResponse,
  type CompanyCsvPreview,
  type CompanyCsvResult,
  type CompanyCsvTarget,
  CSV_PREVIEW_ROWS,
} from '@relate/contracts';
import type { CopyBatch } from '../../db/bulk-insert';
import { type CsvTable, openCsv } from '../../lib/csv';
import { AppError, fieldError } from '../../lib/errors';
import {
  type CompanyCombine,
  companyClashes,
  parseCompanyRow,
  recogniseColumns,
  resolveColumns,
} from './companies.csv';
import { toNewCompanyValues } from './companies.mappers';
import { type CompanyValues, importBatch } from './companies.repository';

const MAX_REPORTED_ROW_ERRORS = 1000;

export type CompanyMapping = Record<string, CompanyCsvTarget | null> | null | undefined;

const formatted = (count: number) => count.toLocaleString('en-US');

/** 413 for a file of more than COMPANY_CSV_MAX_ROWS companies, counted to its end. */
async function tooManyRows(table: CsvTable, counted: number): Promise<AppError> {
  let total = counted;
  for await (const _ of table.records) total++;
  const message = `The file holds ${formatted(total)} companies; import at most ${formatted(COMPANY_CSV_MAX_ROWS)} at a time`;
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, [{ field: 'csvData', message }]);
}

const open = (csvData: string) => openCsv(csvData, { maxBytes: COMPANY_CSV_MAX_BYTES });

/** What the client needs to decide whether to show the 'Map CSV Columns' dialog. */
export async function inspectCompaniesCsv(csvData: string): Promise<CompanyCsvHeadersResponse> {
  const table = await open(csvData);
  let totalRows = 0;
  for await (const _ of table.records) totalRows++;
  if (totalRows > COMPANY_CSV_MAX_ROWS) throw await tooManyRows(table, totalRows);
  const { profile, recognised, reasons } = recogniseColumns(table.headers);
  const clashes = companyClashes(
    table.headers,
    table.headers.map((header) => recognised[header] ?? 'ignore'),
  );
  return {
    headers: table.headers,
    recognised,
    needs_mapping:
      Object.values(recognised).includes(null) || clashes.length > 0 || Object.keys(reasons).length > 0,
    total_rows: totalRows,
    profile,
    reasons,
    clashes,
  };
}

/** Opens the CSV and checks where its columns go (400 naming the field for a clash or no name column). */
async function openWithColumns(
  csvData: string,
  customMapping: CompanyMapping,
  combine?: CompanyCombine | null,
) {
  const table = await open(csvData);
  try {
    const columns = resolveColumns(table.headers, customMapping, combine);
    if (!columns.includes('record'))
      throw fieldError(
        'customMapping',
        `No column holds the company name. Columns found: ${table.headers.join(', ')}. Map one of them to record.`,
      );
    return { table, columns };
  } catch (error) {
    await table.close();
    throw error;
  }
}

/** The import as it would be: per field how many rows get a value, and the first companies as stored. */
export async function previewCompaniesCsv(
  csvData: string,
  customMapping: CompanyMapping,
  combine?: CompanyCombine | null,
): Promise<CompanyCsvPreview> {
  const { table, columns } = await openWithColumns(csvData, customMapping, combine);
  const preview: CompanyCsvPreview = {
    total_rows: 0,
    importable_rows: 0,
    skipped_rows: 0,
    filled: {},
    rows: [],
    errors: [],
  };
  for await (const { row, values } of table.records) {
    if (++preview.total_rows > COMPANY_CSV_MAX_ROWS) throw await tooManyRows(table, preview.total_rows);
    const parsed = parseCompanyRow(columns, values, combine);
    if ('error' in parsed) {
      preview.skipped_rows++;
      if (preview.errors.length < MAX_REPORTED_ROW_ERRORS) preview.errors.push({ row, error: parsed.error });
      continue;
    }
    preview.importable_rows++;
    const stored: Record<string, string> = {};
    for (const [field, value] of Object.entries(parsed.company)) {
      const text = Array.isArray(value)
        ? value.join(', ')
        : value === null || value === undefined
          ? ''
          : String(value);
      if (text && !(field === 'twitter_follower_count' && text === '0')) stored[field] = text;
    }
    for (const field of Object.keys(stored)) preview.filled[field] = (preview.filled[field] ?? 0) + 1;
    if (preview.rows.length < CSV_PREVIEW_ROWS) preview.rows.push({ row, values: stored });
  }
  return preview;
}

/** A file read to its end: the valid companies as COPY batches, and the rows skipped. */
export interface PreparedCompanies extends Omit<CompanyCsvResult, 'imported'> {
  batches: CopyBatch[];
  valid: number;
}

/**
 * Reads the whole file before anything is written, so a file that cannot be read to its end (or holds
 * too many companies) writes nothing: the valid rows of `userId` as batches of `batchRows` (COPY text,
 * which crosses back from the worker as one string per batch), the invalid ones reported by
 * their spreadsheet row number.
 */
export async function prepareCompaniesImport(
  userId: number,
  csvData: string,
  customMapping: CompanyMapping,
  combine: CompanyCombine | null | undefined,
  batchRows: number,
): Promise<PreparedCompanies> {
  const { table, columns } = await openWithColumns(csvData, customMapping, combine);
  const prepared: PreparedCompanies = { batches: [], valid: 0, skipped: 0, errors: [] };
  let total = 0;
  let batch: CompanyValues[] = [];
  const flush = () => {
    if (batch.length > 0) prepared.batches.push(importBatch(userId, batch));
    batch = [];
  };
  for await (const { row, values } of table.records) {
    if (++total > COMPANY_CSV_MAX_ROWS) throw await tooManyRows(table, total);
    const parsed = parseCompanyRow(columns, values, combine);
    if ('error' in parsed) {
      prepared.skipped++;
      if (prepared.errors.length < MAX_REPORTED_ROW_ERRORS)
        prepared.errors.push({ row, error: parsed.error });
      continue;
    }
    batch.push(toNewCompanyValues(parsed.company));
    prepared.valid++;
    if (batch.length === batchRows) flush();
  }
  flush();
  return prepared;
}
