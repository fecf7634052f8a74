import { createTestApp, createUser } from '../server/test/test-app';
import { type BenchResult, type BenchSuite, benchDatabases, LIST_GOAL_MS, scaled, time } from './harness';
import { importCompanies } from './seed-companies';
import { SEARCH_TERMS } from './seed-contacts';

const COMPANIES = scaled(50_000);
/** Another account's companies share the table, so every query must stay scoped to its owner. */
const OTHER_COMPANIES = scaled(5_000);
const LIST_RUNS = 50;
const DUPLICATES_RUNS = 15;
const DUPLICATES_GOAL_MS = 500;

const CASES = [
  { name: 'first page', url: '/api/companies' },
  { name: 'name search (?name=wayne)', url: '/api/companies?name=wayne' },
  // 'media' is a category and a name's suffix: the search text finds both, the filter keeps categories.
  { name: 'categories filter (?categories=media)', url: '/api/companies?categories=media' },
  { name: 'domains filter (?domains=.io), 30 %', url: '/api/companies?domains=.io' },
  { name: 'search box (?q=cyberdyne robotics)', url: '/api/companies?q=cyberdyne%20robotics' },
  ...SEARCH_TERMS.map((term) => ({
    name: `search box, ${term.share} (?q=${term.word})`,
    url: `/api/companies?q=${term.word}`,
  })),
  { name: 'deep page (page 500)', url: '/api/companies?page=500' },
  { name: 'sort by twitter followers', url: '/api/companies?sort=twitter_follower_count&order=desc' },
];

/**
 * The company directory at 50,000 companies imported through the CSV endpoint and queried right away
 * (no manual VACUUM or ANALYZE), through buildApp + app.inject (routing, validation, the queries and
 * JSON serialization; no network): p50/p95 of the list queries and the duplicates scan.
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
        await importCompanies(app, owner, COMPANIES, 42);
        await importCompanies(app, other, OTHER_COMPANIES, 7);
        log(
          `${database.label}: imported ${(COMPANIES + OTHER_COMPANIES).toLocaleString()} companies through POST /api/company-csv-processor in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
        );

        const get = (url: string) => async () => {
          const response = await app.inject({ method: 'GET', url, headers: owner.headers });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          return response;
        };

        const first = (await get('/api/companies')()).json();
        if (first.total !== COMPANIES)
          throw new Error(`expected ${COMPANIES} companies, listed ${first.total}`);
        for (const { name, url } of CASES) {
          const timing = await time(get(url), { runs: LIST_RUNS });
          const goalMs = LIST_GOAL_MS[database.label];
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
