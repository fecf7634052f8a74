import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../server/src/db/client';
import { createTestApp, createUser } from '../server/test/test-app';
import { type BenchResult, type BenchSuite, benchDatabases, time } from './harness';
import { seedContacts } from './seed-contacts';

const CONTACTS = 100_000;
const OTHER_CONTACTS = 10_000;
const IMPORT_ROWS = 100_000;
const LIST_RUNS = 100;
const LIST_GOAL_MS = 50;

const CASES = [
  { name: 'first page', url: '/api/people' },
  { name: 'search box (?q=hopper)', url: '/api/people?q=hopper' },
  { name: 'column filter (?email=globex)', url: '/api/people?email=globex' },
  { name: 'page 1,000', url: '/api/people?page=1000' },
  { name: 'sort by last name', url: '/api/people?sort=last_name&order=asc' },
] as const;

/**
 * The import runs in a process of its own so that its peak RSS is that of a server doing the import.
 * PGlite's first start (initdb) alone peaks at about 820 MB, so its directory is created here and the
 * worker reopens it, as a server does after its first start.
 */
async function importInOwnProcess(label: string): Promise<{ elapsedMs: number; peakRssMb: number }> {
  const worker = path.join(import.meta.dirname, 'contacts-import.worker.ts');
  const args = [worker, 'postgres', String(IMPORT_ROWS)];
  let pgliteDir: string | undefined;
  if (label === 'PGlite') {
    pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-bench-import-'));
    await (await openPglite(pgliteDir)).close();
    args.splice(1, 3, 'pglite', String(IMPORT_ROWS), pgliteDir);
  }
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
      encoding: 'utf8',
      env: process.env,
    });
    if (run.status !== 0) throw new Error(`import worker failed:\n${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
  } finally {
    if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}

/**
 * The contacts table at 100,000 contacts through buildApp + app.inject: p50/p95 of the list queries,
 * and a 100,000-row CSV import (rows per second and the process's peak RSS while it runs).
 */
const suite: BenchSuite = {
  name: 'contacts',
  async run(log) {
    const results: BenchResult[] = [];
    for (const open of benchDatabases()) {
      const database = await open();
      const { app, close } = await createTestApp({
        database: database.handle,
        env: { API_RATE_LIMIT_PER_MINUTE: '100000000' },
      });
      try {
        const owner = await createUser(app);
        const other = await createUser(app);
        const seeding = performance.now();
        await seedContacts(database.handle.db, owner.id, CONTACTS);
        await seedContacts(database.handle.db, other.id, OTHER_CONTACTS, { seed: 7 });
        await database.handle.db.execute(sql`vacuum analyze contacts`);
        log(
          `${database.label}: seeded ${(CONTACTS + OTHER_CONTACTS).toLocaleString()} contacts in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
        );

        const get = (url: string) => async () => {
          const response = await app.inject({ method: 'GET', url, headers: owner.headers });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          return response;
        };
        const first = (await get('/api/people')()).json();
        if (first.total !== CONTACTS) throw new Error(`expected ${CONTACTS} contacts, listed ${first.total}`);
        for (const { name, url } of CASES) {
          const timing = await time(get(url), { runs: LIST_RUNS });
          results.push({
            suite: suite.name,
            database: database.label,
            case: name,
            goalMs: LIST_GOAL_MS,
            ...timing,
          });
        }
      } finally {
        await close();
        await database.dispose();
      }
      const { elapsedMs, peakRssMb } = await importInOwnProcess(database.label);
      log(
        `${database.label}: imported ${IMPORT_ROWS.toLocaleString()} CSV rows in ${(elapsedMs / 1000).toFixed(1)} s = ${Math.round(IMPORT_ROWS / (elapsedMs / 1000)).toLocaleString()} rows/s; the importing process's peak RSS ${Math.round(peakRssMb)} MB`,
      );
      results.push({
        suite: suite.name,
        database: database.label,
        case: `CSV import of ${IMPORT_ROWS.toLocaleString()} rows (ms)`,
        runs: 1,
        p50: elapsedMs,
        p95: elapsedMs,
      });
    }
    return results;
  },
};

export default suite;
