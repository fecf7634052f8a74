import { type BenchLabel, type BenchResult, type BenchSuite, percentile, postgresUrl } from './harness';
import { buildServer } from './import-process';
import { relatePssMb } from './memory';
import {
  type Account,
  api,
  check,
  createDatabase,
  importContacts,
  rssMb,
  signUp,
  startServer,
  stop,
  tempDataDir,
} from './processes';

/**
 * Mixed reads and writes from 50 connections for 60 s against the compiled server (as `npm start` runs
 * it, in a process of its own, over loopback) on a database seeded through the CSV import endpoint:
 * every answer must be a success, p95 under 100 ms over all routes (issue 32), and the process's
 * resident memory may grow less than 10 % between the first and the last 10 s. On the embedded PostgreSQL, then on an external one when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set. Sizes: BENCH_SOAK_CONTACTS (120,000), BENCH_SOAK_SECONDS (60),
 * BENCH_SOAK_CONNECTIONS (50), after BENCH_SOAK_WARMUP_SECONDS (20) of the same load unmeasured (its
 * RSS growth is reported too).
 */
const CONTACTS = Number(process.env.BENCH_SOAK_CONTACTS ?? 120_000);
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 50);
/** The same load, unmeasured, first: memory measured from a warm process (JIT, pools, caches filled). */
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 20);
const GOAL_MS = 100;

/** A small deterministic PRNG (mulberry32), so every run sends the same mix. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Operation {
  route: string;
  weight: number;
  send(next: () => number): Promise<number>;
}

/** The mix a team's day sends: mostly list pages and searches, some writes. */
function operations(base: string, token: string, seededIds: number[]): Operation[] {
  const createdIds: number[] = [];
  const pick = <T>(items: T[], next: () => number) => items[Math.floor(next() * items.length)];
  const status = (answer: { status: number }) => answer.status;
  const day = (offset: number) => new Date(Date.UTC(2031, 0, 1 + offset, 9)).toISOString();
  const get = (route: string) => api(base, 'GET', route, { token }).then(status);
  const send = (method: string, route: string, body: unknown) => api(base, method, route, { token, body });
  return [
    {
      route: 'GET /api/people?page',
      weight: 25,
      send: (next) => get(`/people?page=${1 + Math.floor(next() * 200)}&page_size=50`),
    },
    {
      route: 'GET /api/people?q',
      weight: 10,
      send: (next) => get(`/people?q=${pick(['zanzibar', 'quokka', 'lovelace'], next)}`),
    },
    {
      route: 'GET /api/people/:id',
      weight: 10,
      send: (next) => get(`/people/${pick(seededIds.concat(createdIds), next)}`),
    },
    {
      route: 'POST /api/people',
      weight: 15,
      async send(next) {
        const body = { first_name: `Soak ${Math.floor(next() * 1e6)}`, organization: 'Soak Test Ltd' };
        const answer = await send('POST', '/people', body);
        if (answer.status === 201) createdIds.push((answer.body as { id: number }).id);
        return answer.status;
      },
    },
    {
      route: 'PUT /api/people/:id',
      weight: 10,
      send: (next) =>
        send('PUT', `/people/${pick(createdIds.length > 0 ? createdIds : seededIds, next)}`, {
          job_title: `Title ${Math.floor(next() * 100)}`,
        }).then(status),
    },
    {
      route: 'POST /api/tasks',
      weight: 5,
      send: (next) =>
        send('POST', '/tasks', {
          title: `Soak task ${Math.floor(next() * 1e6)}`,
          project: `Soak ${Math.floor(next() * 5)}`,
        }).then(status),
    },
    { route: 'GET /api/tasks', weight: 5, send: () => get('/tasks') },
    {
      route: 'POST /api/events',
      weight: 5,
      send: (next) => {
        // Over the coming year, as a team's calendar fills; the list below reads one month of it.
        const offset = Math.floor(next() * 365);
        const body = { title: 'Soak meeting', start_datetime: day(offset), end_datetime: day(offset + 0.05) };
        return send('POST', '/events', body).then(status);
      },
    },
    {
      route: 'GET /api/events',
      weight: 5,
      send: () => get(`/events?start_date=${day(0)}&end_date=${day(31)}`),
    },
    {
      route: 'GET /api/notifications/unread-count',
      weight: 10,
      send: () => get('/notifications/unread-count'),
    },
  ];
}

/** Runs CONNECTIONS clients on the mix for `seconds`; latencies per route (when `record`) and errors. */
async function load(mix: Operation[], seconds: number, record: boolean) {
  const samples = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const totalWeight = mix.reduce((sum, operation) => sum + operation.weight, 0);
  const choose = (next: () => number) => {
    let ticket = next() * totalWeight;
    for (const operation of mix) {
      ticket -= operation.weight;
      if (ticket < 0) return operation;
    }
    return mix[0];
  };
  const deadline = performance.now() + seconds * 1000;
  const client = async (index: number) => {
    const next = random((record ? 1000 : 5000) + index);
    while (performance.now() < deadline) {
      const operation = choose(next);
      const begin = performance.now();
      const code = await operation.send(next).catch(() => 0);
      const elapsed = performance.now() - begin;
      if (code < 200 || code >= 300) {
        const key = `${operation.route} → ${code || 'network error'}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      if (record) samples.set(operation.route, [...(samples.get(operation.route) ?? []), elapsed]);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => client(index)));
  return { samples, errors };
}

/** Seeds CONTACTS contacts through the CSV endpoint; the owner and the ids of a first page. */
async function seed(base: string, label: BenchLabel, log: (line: string) => void) {
  const owner = await signUp(base, `soak-${Date.now().toString(36)}@example.com`);
  const seeding = performance.now();
  const imported = await importContacts(base, owner.token, CONTACTS);
  check(imported.status === 200, `seed import: ${imported.status} ${JSON.stringify(imported.body)}`);
  const seconds = ((performance.now() - seeding) / 1000).toFixed(1);
  log(
    `${label}: imported ${imported.body.imported_count.toLocaleString()} contacts through the CSV endpoint in ${seconds} s`,
  );
  const page = await api<{ people: { id: number }[] }>(base, 'GET', '/people?page_size=100', {
    token: owner.token,
  });
  return { owner, seededIds: page.body.people.map((person) => person.id) };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function soak(label: BenchLabel, log: (line: string) => void): Promise<BenchResult[]> {
  const adminUrl = postgresUrl();
  const database = label === 'External' && adminUrl ? await createDatabase(adminUrl) : undefined;
  const dataDir = tempDataDir();
  const server = await startServer(
    { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url, REDIS_URL: '' } : {}) },
    { compiled: true },
  );
  try {
    const { owner, seededIds }: { owner: Account; seededIds: number[] } = await seed(server.url, label, log);
    const mix = operations(server.url, owner.token, seededIds);
    const rss: { at: number; mb: number }[] = [];
    let started = performance.now();
    const sampler = setInterval(() => {
      const mb = rssMb(server.child.pid);
      if (mb !== undefined) rss.push({ at: (performance.now() - started) / 1000, mb });
    }, 1000);
    const warmup = WARMUP_SECONDS > 0 ? await load(mix, WARMUP_SECONDS, false) : undefined;
    log(
      `warm-up: ${WARMUP_SECONDS} s of the same load, RSS ${rss[0]?.mb.toFixed(0)} → ${rss.at(-1)?.mb.toFixed(0)} MB`,
    );
    rss.length = 0;
    started = performance.now();
    const { samples, errors } = await load(mix, SECONDS, true);
    clearInterval(sampler);
    const pss = relatePssMb(server.child.pid, database ? undefined : dataDir);
    for (const [key, count] of warmup?.errors ?? []) errors.set(`${key} (warm-up)`, count);

    const first = mean(rss.filter((sample) => sample.at <= 10).map((sample) => sample.mb));
    const last = mean(rss.filter((sample) => sample.at >= SECONDS - 10).map((sample) => sample.mb));
    const growth = ((last - first) / first) * 100;
    const all = [...samples.values()].flat().sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
    log(
      `${all.length.toLocaleString()} requests in ${SECONDS} s (${(all.length / SECONDS).toFixed(0)}/s), ${errorCount} errors (warm-up included)`,
    );
    for (const [key, count] of errors) log(`  error: ${key} × ${count}`);
    log(
      `server RSS: first 10 s ${first.toFixed(0)} MB, last 10 s ${last.toFixed(0)} MB: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %`,
    );
    const failures = [
      ...(errorCount > 0 ? ['the soak had errors'] : []),
      ...(growth < 10 ? [] : ['RSS grew by 10 % or more']),
    ];
    for (const failure of failures) log(`FAILED: ${failure}`);

    const results: BenchResult[] = [...samples.entries()].map(([route, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const p50 = percentile(sorted, 50);
      return {
        suite: 'soak',
        database: label,
        case: route,
        runs: list.length,
        p50,
        p95: percentile(sorted, 95),
      };
    });
    const memory = pss
      ? `; PSS ${pss.mb.toFixed(0)} MB in ${pss.processes} processes${database ? ' (Relate alone)' : ''}`
      : '';
    results.push({
      suite: 'soak',
      database: label,
      case: 'all routes',
      runs: all.length,
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      goalMs: GOAL_MS,
      note: `${errorCount} errors; RSS ${first.toFixed(0)} → ${last.toFixed(0)} MB (${growth.toFixed(1)} %)${memory}`,
      ...(failures.length > 0 && { failed: failures.join('; ') }),
    });
    return results.sort((a, b) => a.case.localeCompare(b.case));
  } finally {
    await stop(server);
    await database?.drop();
  }
}

const suite: BenchSuite = {
  name: `soak: ${CONNECTIONS} connections for ${SECONDS} s of mixed reads and writes on ${CONTACTS.toLocaleString()} contacts`,
  async run(log) {
    buildServer();
    const results: BenchResult[] = [];
    for (const label of postgresUrl() ? (['Embedded', 'External'] as const) : (['Embedded'] as const))
      results.push(...(await soak(label, log)));
    return results;
  },
};

export default suite;
