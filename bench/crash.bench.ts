import fs from 'node:fs';
import type { ServerProcess } from '../server/test/server-process';
import { syncCrashRun } from './crash-sync';
import { checkAcknowledged, eventTitles, sleep, startWriters } from './crash-writers';
import { type BenchLabel, type BenchResult, type BenchSuite, postgresUrl } from './harness';
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
 * kill -9 of a server process (loopback only), then a restart on the same data, on the embedded
 * PostgreSQL (a data directory: its watchdog stops it with the server, and it recovers from its WAL on
 * restart) and on an external PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set:
 * - in the middle of a CSV import, an .ics import and a stream of writes: every write that was
 *   acknowledged (201) is there, each interrupted import left all of its rows or none, and running it
 *   again leaves exactly one copy of each row. BENCH_CRASH_ROWS (6,000) contacts and BENCH_CRASH_EVENTS
 *   (3,000) events; the kill comes BENCH_CRASH_AFTER_MS (2,000) after the uploads.
 * - in the middle of a Google contacts sync and a Google calendar sync (see crash-sync.ts).
 */
const ROWS = Number(process.env.BENCH_CRASH_ROWS ?? 6000);
const EVENTS = Number(process.env.BENCH_CRASH_EVENTS ?? 3000);
const KILL_AFTER_MS = Number(process.env.BENCH_CRASH_AFTER_MS ?? 2000);
const DAY = 86_400_000;
/** The imported events fall in the year after next, within one calendar query (at most 400 days). */
const EVENTS_FROM = Date.UTC(new Date().getUTCFullYear() + 2, 0, 1);

/** An .ics of `count` one-hour events, each with its own UID and title. */
function calendarIcs(count: number, run: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//relate//crash bench//EN'];
  const stamp = (time: number) =>
    new Date(time)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  for (let index = 0; index < count; index++) {
    const start = EVENTS_FROM + (index % 360) * DAY + (8 + (index % 10)) * 3_600_000;
    lines.push(
      'BEGIN:VEVENT',
      `UID:crash-${index}-${run}@relate.bench`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(start + 3_600_000)}`,
      `SUMMARY:Imported event ${index} ${run}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

function importEvents(base: string, token: string, ics: string) {
  const form = new FormData();
  form.append('file', new Blob([ics]), 'calendar.ics');
  return fetch(`${base}/api/events/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { imported: number },
  }));
}

/** The titles of the user's events in the imported year. */
const importedTitles = (base: string, token: string) =>
  eventTitles(base, token, new Date(EVENTS_FROM), new Date(EVENTS_FROM + 366 * DAY));

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

async function importCrashRun(
  label: BenchLabel,
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
    const ics = calendarIcs(EVENTS, run);
    const importingEvents = importEvents(base, owner.token, ics).then(
      (answer) => `finished (${answer.status}) before the kill`,
      () => 'cut off by the kill',
    );
    await sleep(KILL_AFTER_MS);
    const killedAt = performance.now();
    server.child.kill('SIGKILL');
    await server.exited;
    await writers.stop();
    const importOutcome = await importing;
    const eventsOutcome = await importingEvents;
    const acknowledged = writers.acknowledged;
    log(
      `${label}: killed -9 with ${acknowledged.length} writes acknowledged (of ${writers.attempted()} sent); the CSV import was ${importOutcome}, the .ics import ${eventsOutcome}`,
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

    const eventsLeft = (await importedTitles(server.url, token)).length;
    check(
      eventsLeft === 0 || eventsLeft === EVENTS,
      `the .ics import left all events or none, not ${eventsLeft}`,
    );
    log(`${label}: the interrupted .ics import left ${eventsLeft} of ${EVENTS} events`);
    if (eventsLeft === 0) {
      const again = await importEvents(server.url, token, ics);
      check(again.status === 200 && again.body.imported === EVENTS, `re-run .ics import: ${again.status}`);
    }
    const titles = await importedTitles(server.url, token);
    check(
      titles.length === EVENTS && new Set(titles).size === EVENTS,
      `after the re-run exactly ${EVENTS} events, each once, not ${titles.length} (${new Set(titles).size} different)`,
    );
    log(`${label}: after importing the .ics again: ${titles.length} events, each once`);
    return [
      {
        suite: 'crash',
        database: label,
        case: 'restart after kill -9 during imports',
        runs: 1,
        p50: restartMs,
        p95: restartMs,
        note: `${acknowledged.length} acknowledged writes, 0 lost; CSV import ${imported === 0 ? 'rolled back' : 'complete'}, re-run → ${afterRerun} rows; .ics import left ${eventsLeft}, re-run → ${titles.length} events`,
      },
    ];
  } finally {
    if (server) await stop(server);
  }
}

type Scenario = (
  label: BenchLabel,
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
    // Each run on a data directory of its own, removed afterwards.
    const inDataDir = async (run: (dataDir: string) => Promise<BenchResult[]>) => {
      const dataDir = tempDataDir();
      try {
        results.push(...(await run(dataDir)));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    };
    for (const name of chosen) {
      const scenario = scenarios[name];
      if (!scenario) throw new Error(`BENCH_CRASH_CASES: no case ${name} (import, sync)`);
      await inDataDir((dataDir) => scenario('Embedded', { DATA_DIR: dataDir }, log));
      const adminUrl = postgresUrl();
      if (!adminUrl) continue;
      const database = await createDatabase(adminUrl);
      try {
        await inDataDir((dataDir) =>
          scenario('External', { DATA_DIR: dataDir, DATABASE_URL: database.url, REDIS_URL: '' }, log),
        );
      } finally {
        await database.drop();
      }
    }
    return results;
  },
};

export default suite;
