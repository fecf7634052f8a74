/**
 * One contacts CSV import in a process of its own, so that its peak RSS is the server's (buildApp +
 * database + the uploaded file), not the benchmark's. Run by contacts.bench.ts:
 *   tsx bench/contacts-import.worker.ts postgres <rows>
 *   tsx bench/contacts-import.worker.ts pglite <rows> <an existing, migrated PGlite directory>
 * BENCH_PGLITE_SETTINGS=shared_buffers=32MB,work_mem=2MB overrides the server's PGlite settings.
 * Prints one JSON line: { idleRssMb, elapsedMs, peakRssMb, imported, rawCopyMs }, where rawCopyMs is a
 * `COPY` of the same rows into a copy of the contacts table, right after the import in the same process.
 */

import { openPglite, PGLITE_SETTINGS } from '../server/src/db/client';
import { multipart } from '../server/test/multipart';
import { createTestApp, createUser } from '../server/test/test-app';
import { type BenchDatabase, openBenchPostgres, postgresUrl } from './harness';
import { rawCopyMs } from './raw-copy';
import { CONTACTS_CSV_MAPPING, contactsCsv } from './seed-contacts';

const [kind, rowsArgument, pgliteDir] = process.argv.slice(2);
const rows = Number(rowsArgument);

function pgliteSettings(): Record<string, string> {
  const override = process.env.BENCH_PGLITE_SETTINGS;
  if (!override) return PGLITE_SETTINGS;
  return Object.fromEntries(override.split(',').map((pair) => pair.split('=') as [string, string]));
}

/** A fresh PostgreSQL database, or the PGlite directory the caller created (reopened, as a restarted server does). */
async function open(): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite(pgliteDir, pgliteSettings());
    return { label: 'PGlite', handle, dispose: () => handle.close() };
  }
  const adminUrl = postgresUrl();
  if (!adminUrl) throw new Error('No PostgreSQL URL');
  return openBenchPostgres(adminUrl);
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

const database = await open();
const { app, close } = await createTestApp({
  database: database.handle,
  env: { API_RATE_LIMIT_PER_MINUTE: '100000000' },
});
try {
  const importer = await createUser(app);
  await app.inject({ method: 'GET', url: '/api/people', headers: importer.headers });
  global.gc?.();
  const idleRssMb = megabytes(process.memoryUsage().rss);
  const body = multipart(
    { mapping: JSON.stringify(CONTACTS_CSV_MAPPING) },
    { name: 'contacts.csv', content: contactsCsv(rows) },
  );
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...importer.headers, ...body.headers },
  });
  const elapsedMs = performance.now() - started;
  const imported = response.json().imported_count;
  if (imported !== rows) throw new Error(`import: ${response.body.slice(0, 300)}`);
  // maxRSS is in kilobytes: the high-water mark of this whole process.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const copyMs = await rawCopyMs(database.handle, rows, importer.id);
  console.log(JSON.stringify({ idleRssMb, elapsedMs, peakRssMb, imported, rawCopyMs: copyMs }));
} finally {
  await close();
  await database.dispose();
}
