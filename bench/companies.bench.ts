import { sql } from 'drizzle-orm';
import { createTestApp, createUser } from '../server/test/test-app';
import { type BenchResult, type BenchSuite, benchDatabases, time } from './harness';
import { seedCompanies } from './seed-companies';

const COMPANIES = 50_000;
/** Another account's companies share the table, so every query must stay scoped to its owner. */
const OTHER_COMPANIES = 5_000;
const LIST_RUNS = 100;
const DUPLICATES_RUNS = 15;
const LIST_GOAL_MS = 50;
const DUPLICATES_GOAL_MS = 500;

const CASES = [
  { name: 'first page', url: '/api/companies', goalMs: LIST_GOAL_MS },
  { name: 'name search (?name=wayne)', url: '/api/companies?name=wayne', goalMs: LIST_GOAL_MS },
  {
    name: 'search box (?q=cyberdyne robotics)',
    url: '/api/companies?q=cyberdyne%20robotics',
    goalMs: LIST_GOAL_MS,
  },
  {
    name: 'sort by twitter followers',
    url: '/api/companies?sort=twitter_follower_count&order=desc',
    goalMs: LIST_GOAL_MS,
  },
] as const;

/**
 * The company directory at 50,000 companies, through buildApp + app.inject (routing, validation,
 * the queries and JSON serialization; no network): p50/p95 of the list queries and the duplicates scan.
 */
const suite: BenchSuite = {
  name: 'companies',
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
        await seedCompanies(database.handle.db, owner.id, COMPANIES);
        await seedCompanies(database.handle.db, other.id, OTHER_COMPANIES, { seed: 7 });
        // The steady state autovacuum reaches on PostgreSQL: planner statistics and the visibility map
        // (index-only counts). PGlite runs no autovacuum, so there this is the best case.
        await database.handle.db.execute(sql`vacuum analyze companies`);
        log(
          `${database.label}: seeded ${(COMPANIES + OTHER_COMPANIES).toLocaleString()} companies in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
        );

        const get = (url: string) => async () => {
          const response = await app.inject({ method: 'GET', url, headers: owner.headers });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          return response;
        };

        const first = (await get('/api/companies')()).json();
        if (first.total !== COMPANIES)
          throw new Error(`expected ${COMPANIES} companies, listed ${first.total}`);
        for (const { name, url, goalMs } of CASES) {
          const timing = await time(get(url), { runs: LIST_RUNS });
          results.push({ suite: suite.name, database: database.label, case: name, goalMs, ...timing });
        }

        const duplicates = (await get('/api/companies/duplicates')()).json();
        log(
          `${database.label}: duplicates scan finds ${duplicates.total_duplicates.toLocaleString()} groups (${duplicates.auto_mergeable.toLocaleString()} auto-mergeable)`,
        );
        const timing = await time(get('/api/companies/duplicates'), { runs: DUPLICATES_RUNS, warmup: 2 });
        results.push({
          suite: suite.name,
          database: database.label,
          case: 'duplicates scan',
          goalMs: DUPLICATES_GOAL_MS,
          ...timing,
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
