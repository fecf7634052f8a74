import type { ServerProcess } from '../server/test/server-process';
import { type BenchResult, type BenchSuite, postgresUrl } from './harness';
import {
  api,
  check,
  createDatabase,
  importContacts,
  signIn,
  signUp,
  startServer,
  stop,
  tempDataDir,
} from './processes';

/**
 * kill -9 of a server process in the middle of a CSV import and a stream of writes (loopback only),
 * then a restart on the same data: every write that was acknowledged (201) is there, the interrupted
 * import left all of its rows or none, and running the import again leaves exactly one copy of each
 * row. On PGlite (a data directory), and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set. BENCH_CRASH_ROWS (6,000) rows; the kill comes BENCH_CRASH_AFTER_MS (2,000) after the upload.
 */
const ROWS = Number(process.env.BENCH_CRASH_ROWS ?? 6000);
const KILL_AFTER_MS = Number(process.env.BENCH_CRASH_AFTER_MS ?? 2000);
const WRITERS = 4;

async function countPeople(base: string, token: string, filter = ''): Promise<number> {
  // A list counts up to 1,000 rows past the start of its page: a page this far on is counted exactly.
  const answer = await api<{ total: number; total_capped?: boolean }>(
    base,
    'GET',
    `/people?page_size=1&page=${10 * ROWS}${filter}`,
    { token },
  );
  check(answer.status === 200, `count people: ${answer.status}`);
  check(!answer.body.total_capped, `the count is exact (fewer than ${10 * ROWS} rows)`);
  return answer.body.total;
}

async function namesWith(base: string, token: string, organization: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await api<{ people: { first_name: string }[] }>(
      base,
      'GET',
      `/people?page_size=500&page=${page}&organization=${encodeURIComponent(organization)}`,
      { token },
    );
    check(answer.status === 200, `list writes: ${answer.status}`);
    for (const person of answer.body.people) names.add(person.first_name);
    if (answer.body.people.length < 500) return names;
  }
}

async function crashRun(
  label: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<BenchResult[]> {
  const run = Date.now().toString(36);
  const organization = `Acknowledged ${run}`;
  let server: ServerProcess | undefined = await startServer(env);
  try {
    const owner = await signUp(server.url, `crash-${run}@example.com`);
    const base = server.url;
    const acknowledged: string[] = [];
    let stopped = false;
    let attempted = 0;
    const writer = async (index: number) => {
      for (let n = 0; !stopped; n++) {
        const name = `w${index}-${n}`;
        attempted++;
        try {
          const answer = await api(base, 'POST', '/people', {
            token: owner.token,
            body: { first_name: name, organization },
          });
          if (answer.status === 201) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    // Some acknowledged writes before the import starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const importing = importContacts(base, owner.token, ROWS, 7).then(
      (answer) => `finished (${answer.status}) before the kill`,
      () => 'cut off by the kill',
    );
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    const killedAt = performance.now();
    server.child.kill('SIGKILL');
    await server.exited;
    stopped = true;
    const importOutcome = await importing;
    await Promise.all(writers);
    log(
      `${label}: killed -9 with ${acknowledged.length} writes acknowledged (of ${attempted} sent); the import was ${importOutcome}`,
    );

    const restarting = performance.now();
    server = await startServer(env);
    const restartMs = performance.now() - restarting;
    log(
      `${label}: restarted in ${(restartMs / 1000).toFixed(1)} s (${((restarting - killedAt) / 1000).toFixed(1)} s after the kill)`,
    );
    const token = await signIn(server.url, owner.email);
    const present = await namesWith(server.url, token, organization);
    const lost = acknowledged.filter((name) => !present.has(name));
    check(lost.length === 0, `every acknowledged write survives (lost: ${lost.slice(0, 10).join(', ')})`);
    log(
      `${label}: all ${acknowledged.length} acknowledged writes are present (${present.size} rows of the writers)`,
    );

    const imported = (await countPeople(server.url, token)) - present.size;
    check(imported === 0 || imported === ROWS, `the import left all rows or none, not ${imported}`);
    log(`${label}: the interrupted import left ${imported} of ${ROWS} rows`);
    if (imported === 0) {
      const again = await importContacts(server.url, token, ROWS, 7);
      check(again.status === 200, `re-run import: ${again.status}`);
    }
    const afterRerun = (await countPeople(server.url, token)) - present.size;
    check(afterRerun === ROWS, `after the re-run exactly ${ROWS} imported rows, not ${afterRerun}`);
    log(`${label}: after running the import again: ${afterRerun} rows, no duplicates`);
    return [
      {
        suite: 'crash',
        database: label,
        case: 'restart after kill -9',
        runs: 1,
        p50: restartMs,
        p95: restartMs,
        note: `${acknowledged.length} acknowledged writes, 0 lost; import ${imported === 0 ? 'rolled back' : 'complete'}, re-run → ${afterRerun} rows`,
      },
    ];
  } finally {
    if (server) await stop(server);
  }
}

const suite: BenchSuite = {
  name: 'kill -9 during an import and a stream of writes',
  async run(log) {
    const results = await crashRun('PGlite', { DATA_DIR: tempDataDir() }, log);
    const adminUrl = postgresUrl();
    if (adminUrl) {
      const database = await createDatabase(adminUrl);
      try {
        results.push(
          ...(await crashRun(
            'PostgreSQL',
            { DATA_DIR: tempDataDir(), DATABASE_URL: database.url, REDIS_URL: '' },
            log,
          )),
        );
      } finally {
        await database.drop();
      }
    }
    return results;
  },
};

export default suite;
