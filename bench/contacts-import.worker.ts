/**
 * One 100,000-row contacts CSV import in a process of its own, so that its peak RSS is the server's
 * (buildApp + database + the uploaded file), not the benchmark's seeded data. Run by contacts.bench.ts:
 *   tsx bench/contacts-import.worker.ts postgres <rows>
 *   tsx bench/contacts-import.worker.ts pglite <rows> <an existing, migrated PGlite directory>
 * prints one JSON line: { elapsedMs, peakRssMb, imported }.
 */

import { openPglite } from '../server/src/db/client';
import { multipart } from '../server/test/multipart';
import { createTestApp, createUser } from '../server/test/test-app';
import { type BenchDatabase, openBenchPostgres, postgresUrl } from './harness';
import { contactsCsv } from './seed-contacts';

const [kind, rowsArgument, pgliteDir] = process.argv.slice(2);
const rows = Number(rowsArgument);

/** A fresh PostgreSQL database, or the PGlite directory the caller created (reopened, as a restarted server does). */
async function open(): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const handle = await openPglite(pgliteDir);
    return { label: 'PGlite', handle, dispose: () => handle.close() };
  }
  const adminUrl = postgresUrl();
  if (!adminUrl) throw new Error('No PostgreSQL URL');
  return openBenchPostgres(adminUrl);
}

const database = await open();
const { app, close } = await createTestApp({
  database: database.handle,
  env: { API_RATE_LIMIT_PER_MINUTE: '100000000' },
});
try {
  const importer = await createUser(app);
  const body = multipart(
    {
      mapping: JSON.stringify({
        'First Name': 'first_name',
        'Last Name': 'last_name',
        'E-mail': 'email',
        Phone: 'phone',
        Company: 'organization',
        'Job Title': 'job_title',
        Notes: 'notes',
      }),
    },
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
  console.log(JSON.stringify({ elapsedMs, peakRssMb, imported }));
} finally {
  await close();
  await database.dispose();
}
