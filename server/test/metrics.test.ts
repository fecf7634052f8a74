import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/time';
import { SyncRuns } from '../src/modules/google/sync-runs';
import { multipart } from './multipart';
import { createTestApp, createUser, type TestApp } from './test-app';

const TOKEN = 'metrics-token-0123456789';

let t: TestApp;
let open: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  open = await createTestApp({ database: t.database, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await open.close();
  await t.close();
});

const scrape = (app: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample of the exposition, `undefined` when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers the Prometheus text format to the token, and 401 without it or with another', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, { authorization: 'Bearer not-the-token-at-all' })).statusCode).toBe(401);
    const response = await scrape(t, { authorization: `Bearer ${TOKEN}` }, '203.0.113.9');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.body).toContain('# TYPE relate_http_request_duration_seconds histogram');
  });

  it('times a request by its route pattern and status, never by its URL', async () => {
    const user = await createUser(t.app);
    expect((await t.as(user).get('/api/people/987654')).statusCode).toBe(404);
    const text = (await scrape(t, { authorization: `Bearer ${TOKEN}` })).body;
    const series =
      'relate_http_request_duration_seconds_count{method="GET",route="/api/people/:id",status_code="404"}';
    expect(sample(text, series)).toBe(1);
    expect(text).not.toContain('987654');
  });

  it('shows the database pool, the event loop, the job queue and Node', async () => {
    const text = (await scrape(t, { authorization: `Bearer ${TOKEN}` })).body;
    expect(sample(text, 'relate_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'relate_db_pool_waiting_queries')).toBe(0);
    expect(sample(text, 'relate_db_pool_max_connections')).toBe(10);
    expect(sample(text, 'relate_event_loop_delay_seconds{stat="max"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'relate_jobs{state="failed"}')).toBe(0);
    expect(sample(text, 'relate_jobs{state="due"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts job runs by outcome, and the failed ones in the queue', async () => {
    t.app.services.jobs.define(
      'test.always-fails',
      async () => {
        throw new Error('no');
      },
      { maxAttempts: 1 },
    );
    await t.app.services.jobs.enqueue('test.always-fails', {});
    await t.app.services.jobs.runAllNow('test.always-fails');
    const text = (await scrape(t, { authorization: `Bearer ${TOKEN}` })).body;
    expect(sample(text, 'relate_job_runs_total{kind="test.always-fails",outcome="failed"}')).toBe(1);
    expect(sample(text, 'relate_jobs{state="failed"}')).toBe(1);
  });

  it('counts the rows an import wrote and the time it took', async () => {
    const user = await createUser(t.app);
    const body = multipart(
      { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
      { name: 'contacts.csv', content: 'First Name,Email\nAda,ada@example.com\nBen,ben@example.com\n' },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/csv/import-with-mapping',
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    const text = (await scrape(t, { authorization: `Bearer ${TOKEN}` })).body;
    expect(sample(text, 'relate_import_rows_total{kind="contacts"}')).toBe(2);
    expect(sample(text, 'relate_import_seconds_total{kind="contacts"}')).toBeGreaterThan(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers loopback (METRICS_ALLOW by default) and refuses other addresses with 403', async () => {
    expect((await scrape(open, {}, '127.0.0.1')).statusCode).toBe(200);
    expect((await scrape(open, {}, '203.0.113.9')).statusCode).toBe(403);
  });

  it('judges the address the trusted proxy forwarded, not the proxy', async () => {
    const forwarded = await scrape(open, { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1');
    expect(forwarded.statusCode).toBe(403);
  });

  it('answers the addresses METRICS_ALLOW lists', async () => {
    const allowed = await createTestApp({ database: t.database, env: { METRICS_ALLOW: '203.0.113.0/24' } });
    try {
      expect((await scrape(allowed, {}, '203.0.113.9')).statusCode).toBe(200);
      expect((await scrape(allowed, {}, '127.0.0.1')).statusCode).toBe(403);
    } finally {
      await allowed.close();
    }
  });
});

describe('Google sync runs', () => {
  it('are recorded by sync and outcome through the recorder services.ts gives SyncRuns', async () => {
    const finished: string[] = [];
    const runs = new SyncRuns(systemClock, 60_000, {
      syncFinished: (sync, outcome) => finished.push(`${sync} ${outcome}`),
    });
    const claim = { claim: async () => true, renew: async () => true };
    const end = await runs.start('contacts:1', claim);
    expect(await runs.start('contacts:1', claim)).toBeUndefined();
    end?.('ok');
    (await runs.start('calendar:1', claim))?.('failed');
    expect(finished).toEqual(['contacts busy', 'contacts ok', 'calendar failed']);
  });
});
