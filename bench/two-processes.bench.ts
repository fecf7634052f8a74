import { get, SseClient } from '../server/test/sse-client';
import type { BenchResult, BenchSuite } from './harness';
import { postgresUrl } from './harness';
import { api, check, createDatabase, PASSWORD, signUp, startServer, stop, tempDataDir } from './processes';

/**
 * Two server processes on one PostgreSQL database with REDIS_URL (loopback only): a write through one
 * is read through the other, a live notification created through one reaches a stream open on the
 * other, and the sign-in limit (10 failures per account and address) holds across both. Also checks
 * that a process on PostgreSQL without REDIS_URL warns at start. Needs BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, and Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 */
const suite: BenchSuite = {
  name: 'two server processes on one PostgreSQL with Redis',
  async run(log) {
    const adminUrl = postgresUrl();
    if (!adminUrl) {
      log('skipped: needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
      return [];
    }
    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const database = await createDatabase(adminUrl);
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, DATA_DIR: tempDataDir() };
    const results: BenchResult[] = [];
    const row = (name: string, ms: number, note: string): BenchResult => ({
      suite: 'two-processes',
      database: 'PostgreSQL + Redis',
      case: name,
      runs: 1,
      p50: ms,
      p95: ms,
      note,
    });
    const servers = [];
    try {
      // One after the other, so that the first applies the migrations alone.
      const a = await startServer(env);
      servers.push(a);
      const b = await startServer(env);
      servers.push(b);
      log(`processes A ${a.url} and B ${b.url}`);
      const run = Date.now().toString(36);
      const ann = await signUp(a.url, `ann-${run}@example.com`);
      const ben = await signUp(b.url, `ben-${run}@example.com`, ann);

      // A write through A, read through B.
      let started = performance.now();
      const created = await api<{ id: number }>(a.url, 'POST', '/people', {
        token: ann.token,
        body: { first_name: 'Written', last_name: `on A ${run}` },
      });
      check(created.status === 201, `create on A: ${created.status}`);
      const read = await api<{ last_name: string }>(b.url, 'GET', `/people/${created.body.id}`, {
        token: ann.token,
      });
      check(read.status === 200 && read.body.last_name === `on A ${run}`, 'the write on A is read on B');
      results.push(row('write on A, read on B', performance.now() - started, 'read back at once'));
      log('a write through A is read through B');

      // A notification created through A reaches Ben's stream on B.
      const stream = new SseClient(
        await get(`${b.url}/api/notifications/stream`, { authorization: `Bearer ${ben.token}` }),
      );
      await stream.next(5000);
      started = performance.now();
      const invited = await api(a.url, 'POST', '/user-group', {
        token: ann.token,
        body: { email: ben.email, name: 'Ben' },
      });
      check(invited.status === 201, `invite on A: ${invited.status}`);
      const event = await stream.next(5000);
      check(event.event === 'notification', `live notification crossed: ${JSON.stringify(event)}`);
      results.push(row('notification on A → stream on B', performance.now() - started, 'LISTEN/NOTIFY'));
      stream.close();
      log('a live notification created through A reached a stream on B');

      // Wrong passwords for one account from one address, alternating A and B.
      const victim = await signUp(a.url, `victim-${run}@example.com`, ann);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 20; attempt++) {
        const server = attempt % 2 === 0 ? a : b;
        const answer = await api(server.url, 'POST', '/auth/login', {
          body: { email: victim.email, password: `wrong ${attempt}` },
        });
        statuses.push(answer.status);
      }
      const through = statuses.filter((status) => status === 401).length;
      const limited = statuses.filter((status) => status === 429).length;
      check(through === 10 && limited === 10, `10 failures then 429 across both: ${statuses.join(' ')}`);
      results.push(
        row('sign-in limit across A and B', 0, `20 wrong passwords: ${through} × 401, ${limited} × 429`),
      );
      log(`sign-in limit across both processes: ${through} failures answered, then ${limited} × 429`);
      const owner = await api(b.url, 'POST', '/auth/login', {
        body: { email: victim.email, password: PASSWORD },
      });
      log(`the owner, from the same address, then gets ${owner.status}`);

      // Without REDIS_URL a process on PostgreSQL says that limits count per process.
      const alone = await startServer({ ...env, REDIS_URL: '' });
      servers.push(alone);
      check(alone.output().includes('without REDIS_URL'), 'warns at start without REDIS_URL');
      log('a process on PostgreSQL without REDIS_URL warned at start');
      return results;
    } finally {
      for (const server of servers) await stop(server);
      await database.drop();
    }
  },
};

export default suite;
