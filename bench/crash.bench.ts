import type { ServerProcess } from '../server/test/server-process';
import { syncCrashRun } from './crash-sync';
import { checkAcknowledged, sleep, startWriters } from './crash-writers';
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
 * kill -9 of a server process (loopback only), then a restart on the same data, on PGlite (a data
 * directory) and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set:
 * - in the middle of a CSV import and a stream of writes: every write that was acknowledged (201) is
 *   there, the interrupted import left all of its rows or none, and running the import again leaves
 *   exactly one copy of each row. BENCH_CRASH_ROWS (6,000) rows; the kill comes BENCH_CRASH_AFTER_MS
 *   (2,000) after the upload.
 * - in the middle of a Google contacts sync and a Google calendar sync (see crash-sync.ts).
 */
const ROWS = Number(process.env.BENCH_CRASH_ROWS ?? 6000);
const KILL_AFTER_MS = Number(process.env.BENCH_CRASH_AFTER_MS ?? 2000);

async function countPeople(base: string, token: string, filter = ''): Promise<number> {
  const answer = await api<{ total: number; total_capped?: boolean }>(
    base,
    'GET',
    `/people?page_size=1${filter}`,
    { token },
  );
  check(answer.status === 200, `count people: ${answer.status}`);
  check(!answer.body.total_capped, 'the count is exact (fewer than 10,000 rows)');
  return answer.body.total;
}

async function importCrashRun(
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
    const writers = startWriters(base, owner.token, organization);
    // Some acknowledged writes before the import starts.
    await sleep(500);
    const importing = importContacts(base, owner.token, ROWS, 7).then(
      (answer) => `finished (${answer.status}) before the kill`,
      () => 'cut off by the kill',
    );
    await sleep(KILL_AFTER_MS);
    const killedAt = performance.now();
    server.child.kill('SIGKILL');
    await server.exited;
    await writers.stop();
    const importOutcome = await importing;
    const acknowledged = writers.acknowledged;
    log(
      `${label}: killed -9 with ${acknowledged.length} writes acknowledged (of ${writers.attempted()} sent); the import was ${importOutcome}`,
    );

    const restarting = performance.now();
    server = await startServer(env);
    const restartMs = performance.now() - restarting;
    log(
      `${label}: restarted in ${(restartMs / 1000).toFixed(1)} s (${((restarting - killedAt) / 1000).toFixed(1)} s after the kill)`,
    );
    const token = await signIn(server.url, owner.email);
    const present = await checkAcknowledged(server.url, token, organization, acknowledged);
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
        case: 'restart after kill -9 during an import',
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

type Scenario = (
  label: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  log: (line: string) => void,
) => Promise<BenchResult[]>;

/** BENCH_CRASH_CASES=import or =sync runs one of the two. */
const scenarios: Record<string, Scenario> = { import: importCrashRun, sync: syncCrashRun };
const chosen = (process.env.BENCH_CRASH_CASES ?? 'import,sync').split(',').map((name) => name.trim());

const suite: BenchSuite = {
  name: 'kill -9 during an import, Google syncs and a stream of writes',
  async run(log) {
    const results: BenchResult[] = [];
    for (const name of chosen) {
      const scenario = scenarios[name];
      if (!scenario) throw new Error(`BENCH_CRASH_CASES: no case ${name} (import, sync)`);
      results.push(...(await scenario('PGlite', { DATA_DIR: tempDataDir() }, log)));
      const adminUrl = postgresUrl();
      if (!adminUrl) continue;
      const database = await createDatabase(adminUrl);
      try {
        results.push(
          ...(await scenario(
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
