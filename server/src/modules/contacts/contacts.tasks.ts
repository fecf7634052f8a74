/**
 * The contacts' work on worker threads (registered in server/src/heavy-work.ts): a CSV upload's column
 * analysis, a vCard upload's count and preview, and an import's rows sent as batches of COPY text while
 * the file is read.
 */
import fs from 'node:fs';
import type { ItemSender } from '../../lib/workers/item-port';
import { streamingTask, task } from '../../lib/workers/tasks';
import type { ImportBatch, ImportRowsJob } from './contacts.import-rows';

export const contactsTasks = {
  /** get-columns: the headers, row count, first rows and suggested mapping of a spooled CSV upload. */
  inspectContactsCsvFile: task(
    () => import('./contacts.csv'),
    (csv, [path]: [string]) =>
      csv.inspectContactsCsv(fs.createReadStream(path, { highWaterMark: 64 * 1024 })),
  ),
  /** get-columns of a spooled vCard upload: its cards counted, nothing to map. */
  inspectVCardFile: task(
    () => import('./contacts.import-rows'),
    (rows, [path]: [string]) => rows.inspectVCardFile(path),
  ),
  /** The preview of a spooled vCard upload: every card read as the import reads it. */
  previewVCardFile: task(
    () => import('./contacts.import-rows'),
    (rows, [path]: [string]) => rows.previewVCardFile(path),
  ),
  /** A contacts import's valid rows (CSV or vCard), sent in batches of COPY text as the file is read. */
  contactImportRows: streamingTask(
    () => import('./contacts.import-rows'),
    (rows, [job]: [ImportRowsJob], items: ItemSender<ImportBatch>) => rows.sendImportRows(job, items),
  ),
};
