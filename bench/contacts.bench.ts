import { sql } from 'drizzle-orm';
import { multipart } from '../server/test/multipart';
import { createTestApp, createUser } from '../server/test/test-app';
import { type BenchResult, type BenchSuite, benchDatabases, time } from './harness';
import { contactsCsv, seedContacts } from './seed-contacts';

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
          { name: 'contacts.csv', content: contactsCsv(IMPORT_ROWS) },
        );
        global.gc?.();
        let peak = process.memoryUsage().rss;
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 20);
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/csv/import-with-mapping',
          payload: body.payload,
          headers: { ...importer.headers, ...body.headers },
        });
        const elapsed = performance.now() - started;
        clearInterval(sampler);
        if (response.json().imported_count !== IMPORT_ROWS)
          throw new Error(`import: ${response.body.slice(0, 300)}`);
        log(
          `${database.label}: imported ${IMPORT_ROWS.toLocaleString()} CSV rows in ${(elapsed / 1000).toFixed(1)} s = ${Math.round(IMPORT_ROWS / (elapsed / 1000)).toLocaleString()} rows/s; peak RSS ${Math.round(peak / 1024 / 1024)} MB`,
        );
        results.push({
          suite: suite.name,
          database: database.label,
          case: `CSV import of ${IMPORT_ROWS.toLocaleString()} rows (ms)`,
          runs: 1,
          p50: elapsed,
          p95: elapsed,
        });
      } finally {
        await close();
        await database.dispose();
      }
    }
    return results;
  },
};

export default suite;
