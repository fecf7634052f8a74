/**
 * The tasks the worker threads of `pool.ts` run: pure functions of their arguments (no database, no
 * request). Each answers `{ value }`, or `{ appError }` with the fields of an AppError it threw, which
 * the pool throws again on the main thread.
 *
 * A task's module is loaded when the thread first runs it (or is warmed for it): a thread that only reads
 * an import's rows never loads the calendar's libraries, and starts in about half the time.
 */
import fs from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import type { ErrorCode } from '@relate/contracts';
import type { ImportBatch, ImportRowsJob } from '../../modules/contacts/contacts.import-rows';
import type { EventRow } from '../../modules/events/events.repository';
import { AppError } from '../errors';
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

/** A task whose module `load` brings: `work` runs with it, the task's arguments and a streaming task's port. */
function task<M, A extends unknown[], T>(
  load: () => Promise<M>,
  work: (module: M, args: A, port?: MessagePort) => T | Promise<T>,
) {
  const run = (args: A, port?: MessagePort) => outcome(async () => work(await load(), args, port));
  return Object.assign(run, { load });
}

const icsModule = () => import('../../modules/events/ics');
const companiesCsvModule = () => import('../../modules/companies/companies.csv-file');

/** The events of an .ics file, and what could not be imported. */
export const parseIcs = task(icsModule, (ics, [content]: [string]) => ics.parseIcs(content));

/** A calendar as .ics text. */
export const calendarIcs = task(icsModule, (ics, [rows, publicUrl]: [EventRow[], string]) =>
  ics.toIcs(rows, publicUrl),
);

/** get-columns: the headers, row count, first rows and suggested mapping of a spooled CSV upload. */
export const inspectContactsCsvFile = task(
  () => import('../../modules/contacts/contacts.csv'),
  (csv, [path]: [string]) => csv.inspectContactsCsv(fs.createReadStream(path, { highWaterMark: 64 * 1024 })),
);

type CompaniesCsv = Awaited<ReturnType<typeof companiesCsvModule>>;
/** The company CSV's headers, its preview, or its valid rows as insert batches (companies.csv-file.ts). */
export const inspectCompanies = task(
  companiesCsvModule,
  (csv, args: Parameters<CompaniesCsv['inspectCompaniesCsv']>) => csv.inspectCompaniesCsv(...args),
);
export const previewCompanies = task(
  companiesCsvModule,
  (csv, args: Parameters<CompaniesCsv['previewCompaniesCsv']>) => csv.previewCompaniesCsv(...args),
);
export const prepareCompanies = task(
  companiesCsvModule,
  (csv, args: Parameters<CompaniesCsv['prepareCompaniesImport']>) => csv.prepareCompaniesImport(...args),
);

/** A large JSON request body (company CSVs: up to 41 MB). */
export const parseJson = task(
  () => import('../json-body'),
  (json, [text]: [string]) => json.parseJsonBody(text),
);

/** A contacts CSV import's valid rows, sent in batches of COPY text as the file is read. */
export const contactImportRows = task(
  () => import('../../modules/contacts/contacts.import-rows'),
  ({ sendImportRows }, [job]: [ImportRowsJob], port) => {
    if (!port) throw new Error('contactImportRows streams its rows over a port');
    return sendImportRows(job, new ItemSender<ImportBatch>(port));
  },
);

/** The items each streaming task sends (`WorkerPool.stream`). */
export interface StreamedItems {
  contactImportRows: ImportBatch;
}

const tasks = {
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

export type TaskMessage =
  | { name: keyof Tasks; args: unknown[]; port?: MessagePort }
  /** Nothing but the task's modules loaded: a thread made ready for work about to come. */
  | { name: keyof Tasks; warm: true };

/** The worker's entry: runs the task named in the message with its arguments (and a streaming task's port). */
export default async function run(message: TaskMessage) {
  if ('warm' in message) {
    await tasks[message.name].load();
    return { value: true } satisfies Outcome<true>;
  }
  const { name, args, port } = message;
  return (tasks[name] as unknown as (args: unknown[], port?: MessagePort) => unknown)(args, port);
}
