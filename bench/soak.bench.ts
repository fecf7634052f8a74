import { type BenchResult, type BenchSuite, percentile, postgresUrl } from './harness';
import {
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
 * Mixed reads and writes from 50 connections for 60 s against one server process (loopback) on a
 * database seeded through the CSV import endpoint: every answer must be a success, p95 per route, and
 * the process's resident memory may grow less than 10 % between the first and the last 10 s.
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else the embedded one. Sizes:
 * BENCH_SOAK_CONTACTS (100,000), BENCH_SOAK_SECONDS (60), BENCH_SOAK_CONNECTIONS (50), after
 * BENCH_SOAK_WARMUP_SECONDS (20) of the same load unmeasured (its RSS growth is reported too).
 */
const CONTACTS = Number(process.env.BENCH_SOAK_CONTACTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 50);
/** The same load, unmeasured, first: memory measured from a warm process (JIT, pools, caches filled). */
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 20);

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

const suite: BenchSuite = {
  name: `soak: ${CONNECTIONS} connections for ${SECONDS} s of mixed reads and writes on ${CONTACTS.toLocaleString()} contacts`,
  async run(log) {
    const adminUrl = postgresUrl();
    const database = adminUrl ? await createDatabase(adminUrl) : undefined;
    const label = database ? 'External' : 'Embedded';
    const server = await startServer({
      DATA_DIR: tempDataDir(),
      ...(database ? { DATABASE_URL: database.url, REDIS_URL: '' } : {}),
    });
    try {
      const owner = await signUp(server.url, `soak-${Date.now().toString(36)}@example.com`);
      const seeding = performance.now();
      const imported = await importContacts(server.url, owner.token, CONTACTS);
      check(imported.status === 200, `seed import: ${imported.status} ${JSON.stringify(imported.body)}`);
      log(
        `${label}: imported ${imported.body.imported_count.toLocaleString()} contacts through the CSV endpoint in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
      );
      const firstPage = await api<{ people: { id: number }[] }>(server.url, 'GET', '/people?page_size=100', {
        token: owner.token,
      });
      const seededIds = firstPage.body.people.map((person) => person.id);
      const createdIds: number[] = [];
      const pick = <T>(items: T[], next: () => number) => items[Math.floor(next() * items.length)];
      const token = owner.token;
      const status = (answer: { status: number }) => answer.status;
      const day = (offset: number) => new Date(Date.UTC(2031, 0, 1 + offset, 9)).toISOString();

      const operations: Operation[] = [
        {
          route: 'GET /api/people?page',
          weight: 25,
          send: (next) =>
            api(server.url, 'GET', `/people?page=${1 + Math.floor(next() * 200)}&page_size=50`, {
              token,
            }).then(status),
        },
        {
          route: 'GET /api/people?q',
          weight: 10,
          send: (next) =>
            api(server.url, 'GET', `/people?q=${pick(['zanzibar', 'quokka', 'lovelace'], next)}`, {
              token,
            }).then(status),
        },
        {
          route: 'GET /api/people/:id',
          weight: 10,
          send: (next) =>
            api(server.url, 'GET', `/people/${pick(seededIds.concat(createdIds), next)}`, { token }).then(
              status,
            ),
        },
        {
          route: 'POST /api/people',
          weight: 15,
          async send(next) {
            const answer = await api<{ id: number }>(server.url, 'POST', '/people', {
              token,
              body: { first_name: `Soak ${Math.floor(next() * 1e6)}`, organization: 'Soak Test Ltd' },
            });
            if (answer.status === 201) createdIds.push(answer.body.id);
            return answer.status;
          },
        },
        {
          route: 'PUT /api/people/:id',
          weight: 10,
          send: (next) =>
            api(server.url, 'PUT', `/people/${pick(createdIds.length > 0 ? createdIds : seededIds, next)}`, {
              token,
              body: { job_title: `Title ${Math.floor(next() * 100)}` },
            }).then(status),
        },
        {
          route: 'POST /api/tasks',
          weight: 5,
          send: (next) =>
            api(server.url, 'POST', '/tasks', {
              token,
              body: {
                title: `Soak task ${Math.floor(next() * 1e6)}`,
                project: `Soak ${Math.floor(next() * 5)}`,
              },
            }).then(status),
        },
        {
          route: 'GET /api/tasks',
          weight: 5,
          send: () => api(server.url, 'GET', '/tasks', { token }).then(status),
        },
        {
          route: 'POST /api/events',
          weight: 5,
          send: (next) => {
            const offset = Math.floor(next() * 28);
            return api(server.url, 'POST', '/events', {
              token,
              body: { title: 'Soak meeting', start_datetime: day(offset), end_datetime: day(offset + 0.05) },
            }).then(status);
          },
        },
        {
          route: 'GET /api/events',
          weight: 5,
          send: () =>
            api(server.url, 'GET', `/events?start_date=${day(0)}&end_date=${day(31)}`, { token }).then(
              status,
            ),
        },
        {
          route: 'GET /api/notifications/unread-count',
          weight: 10,
          send: () => api(server.url, 'GET', '/notifications/unread-count', { token }).then(status),
        },
      ];
      const totalWeight = operations.reduce((sum, operation) => sum + operation.weight, 0);
      const choose = (next: () => number) => {
        let ticket = next() * totalWeight;
        for (const operation of operations) {
          ticket -= operation.weight;
          if (ticket < 0) return operation;
        }
        return operations[0];
      };

      const samples = new Map<string, number[]>();
      const errors = new Map<string, number>();
      const rss: { at: number; mb: number }[] = [];
      const warmupRss: number[] = [];
      let measuring = false;
      let started = performance.now();
      const sampler = setInterval(() => {
        const mb = rssMb(server.child.pid);
        if (mb === undefined) return;
        if (measuring) rss.push({ at: (performance.now() - started) / 1000, mb });
        else warmupRss.push(mb);
      }, 1000);
      const phase = async (seconds: number, record: boolean) => {
        const deadline = performance.now() + seconds * 1000;
        const worker = async (index: number) => {
          const next = random((record ? 1000 : 5000) + index);
          while (performance.now() < deadline) {
            const operation = choose(next);
            const begin = performance.now();
            let code: number;
            try {
              code = await operation.send(next);
            } catch {
              code = 0;
            }
            const elapsed = performance.now() - begin;
            if (code < 200 || code >= 300) {
              const key = `${operation.route} → ${code || 'network error'}`;
              errors.set(key, (errors.get(key) ?? 0) + 1);
            }
            if (!record) continue;
            const list = samples.get(operation.route) ?? [];
            list.push(elapsed);
            samples.set(operation.route, list);
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => worker(index)));
      };
      if (WARMUP_SECONDS > 0) {
        await phase(WARMUP_SECONDS, false);
        log(
          `warm-up: ${WARMUP_SECONDS} s of the same load, RSS ${warmupRss[0]?.toFixed(0)} → ${warmupRss.at(-1)?.toFixed(0)} MB`,
        );
      }
      measuring = true;
      started = performance.now();
      await phase(SECONDS, true);
      clearInterval(sampler);

      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const first = mean(rss.filter((sample) => sample.at <= 10).map((sample) => sample.mb));
      const last = mean(rss.filter((sample) => sample.at >= SECONDS - 10).map((sample) => sample.mb));
      const growth = ((last - first) / first) * 100;
      const requests = [...samples.values()].reduce((sum, list) => sum + list.length, 0);
      const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
      log(
        `${requests.toLocaleString()} requests in ${SECONDS} s (${(requests / SECONDS).toFixed(0)}/s), ${errorCount} errors (warm-up included)`,
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
        return {
          suite: 'soak',
          database: label,
          case: route,
          runs: list.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
        };
      });
      results.push({
        suite: 'soak',
        database: label,
        case: 'all routes',
        runs: requests,
        p50: percentile(
          [...samples.values()].flat().sort((a, b) => a - b),
          50,
        ),
        p95: percentile(
          [...samples.values()].flat().sort((a, b) => a - b),
          95,
        ),
        note: `${errorCount} errors; RSS ${first.toFixed(0)} → ${last.toFixed(0)} MB (${growth.toFixed(1)} %)`,
        ...(failures.length > 0 && { failed: failures.join('; ') }),
      });
      return results.sort((a, b) => a.case.localeCompare(b.case));
    } finally {
      await stop(server);
      await database?.drop();
    }
  },
};

export default suite;
