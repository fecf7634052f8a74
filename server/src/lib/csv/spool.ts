import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An uploaded file written to a private temporary file, read back as a stream. */
export interface SpooledFile {
  bytes: number;
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
  const dir = await fs.promises.mkdtemp(path.join(parent, 'relate-upload-'));
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
  const open = () => {
    const reader = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
    readers.push(reader);
    return reader;
  };
  return { bytes: size, open, dispose };
}
