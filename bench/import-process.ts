import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, openDatabase, openPostgres } from '../server/src/db/client';
import { type BenchLabel, postgresUrl } from './harness';
import { relatePssMb } from './memory';
import {
  api,
  check,
  contactsUpload,
  createDatabase,
  importContacts,
  rssMb,
  signUp,
  startServer,
  stop,
  tempDataDir,
} from './processes';
import { rawCopyMs } from './raw-copy';

/** How long the server is left without requests before its idle memory is read. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);

export interface ImportRun {
  elapsedMs: number;
  /** Resident MB after IDLE_SECONDS without requests, before the import and after it. */
  idleRssMb: number;
  idleAfterImportRssMb: number;
  /** PSS of Relate and its embedded PostgreSQL (Relate alone on an external one) idle after the import. */
  idleAfterImportPssMb: number;
  /** The process's highest resident MB from its start to the end of the import (VmHWM). */
  peakRssMb: number;
  /** A raw COPY of the same rows into a copy of the contacts table with the same indexes. */
  rawCopyMs: number;
}

let built = false;
/** The compiled server, as `npm start` runs it. */
export function buildServer() {
  if (built) return;
  const root = path.resolve(import.meta.dirname, '..');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stderr}`);
  built = true;
}

const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));

/**
 * A contacts CSV import of `rows` rows as a user's server does it: the compiled server in a process of its
 * own, on a new database (the embedded PostgreSQL in a new data directory, or a new database on an external one), the file uploaded
 * over loopback to POST /api/csv/import-with-mapping. Its memory is read from /proc; after the server has
 * stopped, a raw COPY of the same rows runs on the same database for comparison.
 */
export async function importInServerProcess(
  label: BenchLabel,
  rows: number,
  /** Without it, no idle reads: only the import and the raw COPY are timed (NaN for the memory). */
  { measureMemory = true } = {},
): Promise<ImportRun> {
  buildServer();
  const adminUrl = postgresUrl();
  const database = label === 'External' && adminUrl ? await createDatabase(adminUrl) : undefined;
  const dataDir = tempDataDir();
  try {
    const server = await startServer(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }, {
      compiled: true,
    });
    const pid = server.child.pid;
    let measured: Omit<ImportRun, 'rawCopyMs'>;
    let userId: number;
    try {
      const account = await signUp(server.url, 'importer@example.com');
      userId = account.id;
      await api(server.url, 'GET', '/people', { token: account.token });
      if (measureMemory) await idle();
      const idleRssMb = (measureMemory && rssMb(pid)) || Number.NaN;
      const upload = contactsUpload(rows);
      const started = performance.now();
      const answer = await importContacts(server.url, account.token, upload);
      const elapsedMs = performance.now() - started;
      check(answer.body.imported_count === rows, `import: ${JSON.stringify(answer.body).slice(0, 300)}`);
      const peakRssMb = rssMb(pid, 'VmHWM') ?? Number.NaN;
      if (measureMemory) await idle();
      const idleAfterImportRssMb = (measureMemory && rssMb(pid)) || Number.NaN;
      const pss = measureMemory ? relatePssMb(pid, database ? undefined : dataDir) : undefined;
      const idleAfterImportPssMb = pss?.mb ?? Number.NaN;
      measured = { elapsedMs, idleRssMb, peakRssMb, idleAfterImportRssMb, idleAfterImportPssMb };
    } finally {
      await stop(server);
    }
    const handle: DatabaseHandle = database
      ? await openPostgres(database.url, 2)
      : await openDatabase({ dataDir });
    try {
      return {
        ...measured,
        rawCopyMs: await rawCopyMs(handle, rows, userId),
      };
    } finally {
      await handle.close();
    }
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
