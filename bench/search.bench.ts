import { sql } from 'drizzle-orm';
import type { App } from '../server/src/app';
import { createTestApp, createUser, type TestUser } from '../server/test/test-app';
import { type BenchResult, type BenchSuite, benchDatabases, LIST_GOAL_MS, scaled, time } from './harness';
import { importCompanies } from './seed-companies';
import { importContacts } from './seed-contacts';

const CONTACTS = scaled(100_000);
const OTHER_CONTACTS = scaled(10_000);
const COMPANIES = scaled(10_000);
const TASKS = 200;
const EVENTS = 200;
const RUNS = 50;

/**
 * What people type into Cmd+K, against the seeded data (bench/seed-contacts.ts: 20 first and 20 last
 * names, so a name is 5 % of the contacts; e-mails first.last.index@org.example). `exactEmail` is
 * filled in with a real address once the contacts are there.
 */
const CASES = (exactEmail: string) => [
  { name: 'one letter (a)', q: 'a' },
  { name: 'two letters, no match (qx)', q: 'qx' },
  { name: 'name prefix, 5 % (gra)', q: 'gra' },
  { name: 'full name, 5 % (grace hopper)', q: 'grace hopper' },
  // "hopper.12345@glo" of grace.hopper.12345@globex.example
  {
    name: 'part of an e-mail, 1 contact',
    q: exactEmail.slice(exactEmail.indexOf('.') + 1, exactEmail.indexOf('@') + 4),
  },
  { name: 'e-mail domain, 7 % (globex.example)', q: 'globex.example' },
  { name: 'exact e-mail address', q: exactEmail },
  { name: 'phone digits (555 00001)', q: '555 00001' },
  { name: 'in notes only, 30 % (meridian)', q: 'meridian' },
  { name: 'no match (xylophone)', q: 'xylophone' },
];

async function seedTasksAndEvents(app: App, owner: TestUser) {
  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload, headers: owner.headers });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  for (let index = 0; index < TASKS; index++)
    await post('/api/tasks', { title: `Follow up with Grace ${index}`, project: `Project ${index % 20}` });
  for (let index = 0; index < EVENTS; index++) {
    const start = new Date(Date.UTC(2026, 0, 1 + index, 9));
    await post('/api/events', {
      title: `Meeting with Ada ${index}`,
      start_datetime: start.toISOString(),
      end_datetime: new Date(start.getTime() + 3_600_000).toISOString(),
    });
  }
}

/**
 * GET /api/search (Cmd+K) at 100,000 contacts imported through the CSV endpoint, next to companies,
 * tasks, projects and events, through buildApp + app.inject: p50/p95 right after the import and after a
 * VACUUM, against the list goal of 50 ms.
 */
const suite: BenchSuite = {
  name: 'search',
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
        await importContacts(app, owner, CONTACTS, 42);
        await importContacts(app, other, OTHER_CONTACTS, 7);
        await importCompanies(app, owner, COMPANIES, 42);
        await seedTasksAndEvents(app, owner);
        log(
          `${database.label}: seeded ${CONTACTS.toLocaleString()} contacts (and ${OTHER_CONTACTS.toLocaleString()} of another user), ${COMPANIES.toLocaleString()} companies, ${TASKS} tasks, ${EVENTS} events in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
        );
        const get = (q: string) => async () => {
          const url = `/api/search?q=${encodeURIComponent(q)}`;
          const response = await app.inject({ method: 'GET', url, headers: owner.headers });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          return response.json().results as unknown[];
        };
        const [sample] = (
          await app.inject({ method: 'GET', url: '/api/people?page_size=1', headers: owner.headers })
        ).json().people;
        const measure = async (state: string) => {
          for (const { name, q } of CASES(sample.email)) {
            const found = (await get(q)()).length;
            const timing = await time(get(q), { runs: RUNS });
            results.push({
              suite: suite.name,
              database: database.label,
              case: `${name}${state}`,
              goalMs: LIST_GOAL_MS[database.label],
              note: `${found} results`,
              ...timing,
            });
          }
        };
        await measure('');
        await database.handle.db.execute(sql`vacuum analyze`);
        await measure(', after VACUUM');
      } finally {
        await close();
        await database.dispose();
      }
    }
    return results;
  },
};

export default suite;
