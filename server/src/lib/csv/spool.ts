import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const UPLOAD_PREFIX = 'relate-upload-';
/**
 * This run of the server: its upload folders are named `relate-upload-<pid>-<boot id>-…`, so that a
 * later run with the same PID (PID 1 in a container) knows them for a dead run's (issue 30).
 */
const BOOT_ID = randomBytes(8).toString('hex');
const OWN_FOLDER = `${UPLOAD_PREFIX}${process.pid}-${BOOT_ID}-`;

/** An uploaded file written to a private temporary file, read back as a stream. */
export interface SpooledFile {
  bytes: number;
  /** Where it is (a worker thread opens it by name). */
  path: string;
  /** A fresh read stream of the whole file. */
  open(): Readable;
  /** Closes every reader and removes the temporary file (safe to call twice). */
  dispose(): Promise<void>;
}

/**
 * Streams an upload to a temporary file, so that a 50 MB CSV is never held in memory and the database
 * transaction of an import lasts as long as the import, not as long as the client's upload (PGlite has
 * one connection: a transaction held open during a slow upload would stall every other request).
 */
export async function spoolToTempFile(source: Readable, parent = os.tmpdir()): Promise<SpooledFile> {
  const dir = await fs.promises.mkdtemp(path.join(parent, OWN_FOLDER));
  const file = path.join(dir, 'upload');
  const readers: fs.ReadStream[] = [];
  const dispose = async () => {
    for (const reader of readers) reader.destroy(); // a reader left half-read keeps its descriptor open
    await fs.promises.rm(dir, { recursive: true, force: true });
  };
  try {
    await pipeline(source, fs.createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    await dispose();
    throw error;
  }
  const { size } = await fs.promises.stat(file);
  // The CSV parser turns each chunk into rows in one go on the event loop's thread: 16 KB (about 200
  // rows, a few milliseconds) at a time, not 64 KB, lets other requests in four times as often.
  const open = () => {
    const reader = fs.createReadStream(file, { highWaterMark: 16 * 1024 });
    readers.push(reader);
    return reader;
  };
  return { bytes: size, path: file, open, dispose };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the upload folders that no running server holds (a crash or kill -9 left them behind): those of
 * a process that no longer runs, and those of an earlier run that had this process's PID (named with
 * another boot id, or before boot ids). Another live process's folders are kept: a server sharing the
 * machine keeps its uploads in flight.
 */
export async function removeStaleUploads(parent = os.tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.promises.readdir(parent).catch(() => [] as string[])) {
    const match = new RegExp(`^${UPLOAD_PREFIX}(\\d+)-`).exec(name);
    if (!match || name.startsWith(OWN_FOLDER)) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && isAlive(pid)) continue;
    await fs.promises.rm(path.join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
