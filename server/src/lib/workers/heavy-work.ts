/**
 * The tasks the worker threads of `pool.ts` run: pure functions of their arguments (no database, no
 * request). Each answers `{ value }`, or `{ appError }` with the fields of an AppError it threw, which
 * the pool throws again on the main thread.
 */
import fs from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '@relate/contracts';
import {
  inspectCompaniesCsv,
  prepareCompaniesImport,
  previewCompaniesCsv,
} from '../../modules/companies/companies.csv-file';
import { inspectContactsCsv } from '../../modules/contacts/contacts.csv';
import {
  type ImportBatch,
  type ImportRowsJob,
  sendImportRows,
} from '../../modules/contacts/contacts.import-rows';
import type { EventRow } from '../../modules/events/events.repository';
import { parseIcs as parseIcsText, toIcs } from '../../modules/events/ics';
import { AppError } from '../errors';
import { parseJsonBody } from '../json-body';
import { ItemSender } from './item-port';

export type Outcome<T> =
  | { value: T }
  | { appError: { status: number; code: ErrorCode; message: string; details?: unknown } };

async function outcome<T>(work: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await work() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, code, message, details } = error;
    return { appError: { status, code, message, details } };
  }
}

/** The events of an .ics file, and what could not be imported. */
export const parseIcs = ([content]: [string]) => outcome(() => parseIcsText(content));

/** A calendar as .ics text. */
export const calendarIcs = ([rows, publicUrl]: [EventRow[], string]) => outcome(() => toIcs(rows, publicUrl));

/** get-columns: the headers, row count, first rows and suggested mapping of a spooled CSV upload. */
export const inspectContactsCsvFile = ([path]: [string]) =>
  outcome(() => inspectContactsCsv(fs.createReadStream(path, { highWaterMark: 64 * 1024 })));

/** The company CSV's headers, its preview, or its valid rows as insert batches (companies.csv-file.ts). */
export const inspectCompanies = (args: Parameters<typeof inspectCompaniesCsv>) =>
  outcome(() => inspectCompaniesCsv(...args));
export const previewCompanies = (args: Parameters<typeof previewCompaniesCsv>) =>
  outcome(() => previewCompaniesCsv(...args));
export const prepareCompanies = (args: Parameters<typeof prepareCompaniesImport>) =>
  outcome(() => prepareCompaniesImport(...args));

/** A large JSON request body (company CSVs: up to 41 MB). */
export const parseJson = ([text]: [string]) => outcome(() => parseJsonBody(text));

/** A contacts CSV import's valid rows, sent in batches of COPY text as the file is read. */
export const contactImportRows = ([job]: [ImportRowsJob], port?: MessagePort) =>
  outcome(() => {
    if (!port) throw new Error('contactImportRows streams its rows over a port');
    return sendImportRows(job, new ItemSender<ImportBatch>(port));
  });

/** The items each streaming task sends (`WorkerPool.stream`). */
export interface StreamedItems {
  contactImportRows: ImportBatch;
}

/** Nothing: starts a thread (and loads the tasks) before work that is about to need one. */
export const ready = (_args: []) => outcome(() => true);

const tasks = {
  ready,
  parseJson,
  contactImportRows,
  parseIcs,
  calendarIcs,
  inspectContactsCsvFile,
  inspectCompanies,
  previewCompanies,
  prepareCompanies,
};
export type Tasks = typeof tasks;

/** The worker's entry: runs the task named in the message with its arguments (and a streaming task's port). */
export default function run({
  name,
  args,
  port,
}: {
  name: keyof Tasks;
  args: unknown[];
  port?: MessagePort;
}) {
  return (tasks[name] as (args: unknown[], port?: MessagePort) => unknown)(args, port);
}
