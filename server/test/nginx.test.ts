/**
 * Issue 37: deploy/ as an operator runs it. Two Relate processes started with deploy/relate.env.example
 * and the environment of deploy/relate@.service (PORT from the instance) on one real PostgreSQL, behind
 * nginx running the configuration deploy/render-nginx.mjs renders. Skipped where nginx is not installed
 * (.ci/run installs Debian's package, so CI runs it).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEFAULT_MAX_CSV_BYTES } from '../src/lib/csv';
import { createDatabase } from './databases';
import { multipart } from './multipart';
import { NGINX, readEnvFile, readUnit, startNginx, unitEnvironment } from './nginx-process';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process';
import { SseClient } from './sse-client';

const root = path.resolve(import.meta.dirname, '../..');
if (!NGINX)
  console.warn(
    'server/test/nginx.test.ts is skipped: nginx is not installed (apt-get install -y nginx; .ci/run installs it)',
  );

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request on its own connection, from `localAddress` (another loopback address is another client). */
function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    // A body refused before it is all sent (413) ends the connection under the writer: the answer counts.
    sent.on('error', reject);
    sent.end(options.body);
  });
}

describe.skipIf(!NGINX)('Relate behind nginx (deploy/)', () => {
  const env = readEnvFile(path.join(root, 'deploy/relate.env.example'));
  const unit = readUnit(path.join(root, 'deploy/relate@.service'));
  const servers: ServerProcess[] = [];
  const ports: number[] = [];
  let nginx: ChildProcess;
  let nginxOutput = () => '';
  let base: string;
  let database: { url: string; drop: () => Promise<void> };
  let dir: string;

  /** relate@<port>, as the unit starts it, on the test's database; resolves once it answers. */
  async function startInstance(port: number): Promise<ServerProcess> {
    const server = startServerProcess({
      ...env,
      ...unitEnvironment(unit, String(port)),
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'relate-nginx-data-')),
      BACKUP_DIR: '',
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(server.url, 60_000);
    return server;
  }

  beforeAll(async () => {
    database = await createDatabase(inject('postgresAdminUrl'), 'relate_nginx');
    for (let index = 0; index < 2; index++) {
      const port = await freePort();
      ports.push(port);
      servers.push(await startInstance(port)); // one after the other: the first migrates
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-nginx-'));
    const listen = await freePort();
    // The operator's command (docs/operations.md), with this test's ports, checked by `nginx -t`.
    const started = startNginx(dir, { listen, ports });
    nginx = started.nginx;
    nginxOutput = started.output;
    base = `http://127.0.0.1:${listen}`;
    await waitForHealth(base, 10_000);
  }, 180_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const server of servers) server.child.kill('SIGKILL');
    await database?.drop();
  });

  it('takes its environment from relate.env.example and the unit, and stops within the unit’s timeout', () => {
    const config = loadConfig({ ...env, ...unitEnvironment(unit, '3001') });
    expect(config).toMatchObject({ PORT: 3001, TRUST_PROXY: ['127.0.0.1'], HOST: '127.0.0.1' });
    expect(config.JWT_SECRET?.length).toBeGreaterThanOrEqual(1);
    expect(config.METRICS_TOKEN).toBeDefined();
    expect(unit.get('EnvironmentFile')).toEqual(['/etc/relate/relate.env']);
    expect(unit.get('ExecStart')).toEqual(['/usr/bin/npm start']);
    expect(Number(unit.get('TimeoutStopSec')?.[0])).toBeGreaterThan(config.SHUTDOWN_TIMEOUT_SECONDS);
  });

  /** How many GET /api/health each process has answered, read from its own /metrics. */
  async function healthCounts(): Promise<number[]> {
    const series =
      'relate_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} ';
    return Promise.all(
      servers.map(async (server) => {
        const metrics = await request(`${server.url}/metrics`, {
          headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
        });
        expect(metrics.status).toBe(200);
        const line = metrics.body.split('\n').find((each) => each.startsWith(series));
        return Number(line?.slice(series.length) ?? 0);
      }),
    );
  }

  it('has each process ready (database, Redis when configured, migrations)', async () => {
    for (const server of servers) {
      const ready = await request(`${server.url}/api/ready`);
      expect(ready.status, ready.body).toBe(200);
      expect(JSON.parse(ready.body).checks.redis).toBe(process.env.TEST_REDIS_URL ? 'ok' : 'not_configured');
    }
  });

  it('spreads requests over both processes, compresses nothing itself, and does not serve /metrics', async () => {
    const before = await healthCounts();
    for (let index = 0; index < 10; index++) {
      const answer = await request(`${base}/api/health`, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
    }
    const after = await healthCounts();
    expect(after[0] - before[0]).toBeGreaterThan(0);
    expect(after[1] - before[1]).toBeGreaterThan(0);
    expect(after[0] - before[0] + after[1] - before[1]).toBe(10);
    expect((await request(`${base}/metrics`)).status).toBe(404);
  });

  /** A random loopback address: a client of its own, whose limits no earlier run has counted. */
  const someClient = () =>
    `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

  it('gives Relate the client’s address from X-Forwarded-For, which a client cannot choose', async () => {
    const remaining = async (localAddress: string, headers: Record<string, string> = {}) => {
      const answer = await request(`${base}/api/auth/registration`, { localAddress, headers });
      expect(answer.status).toBe(200);
      return Number(answer.headers['x-ratelimit-remaining']);
    };
    const limit = loadConfig({}).API_RATE_LIMIT_PER_MINUTE;
    const busy = someClient();
    const counted: number[] = [];
    for (let index = 0; index < 6; index++) counted.push(await remaining(busy));
    // Counted per client on each process (per client across them with Redis): at least 3 on one of them.
    expect(Math.min(...counted)).toBeLessThanOrEqual(limit - 3);
    // Keyed by nginx's address, a new client would start where the busy one is.
    expect(await remaining(someClient())).toBe(limit - 1);
    // A client that writes the busy client's address into X-Forwarded-For is still counted as itself.
    expect(await remaining(someClient(), { 'x-forwarded-for': busy })).toBe(limit - 1);
  });

  async function signUp(email: string): Promise<{ id: number; token: string }> {
    const credentials = { email, password: 'long-enough password' };
    const json = { 'content-type': 'application/json' };
    const registered = await request(`${base}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...credentials, full_name: email }),
    });
    expect(registered.status, registered.body).toBe(201);
    const login = await request(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(credentials),
    });
    return { id: JSON.parse(registered.body).user.id, token: JSON.parse(login.body).access_token };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let admin: { id: number; token: string };
  let member: { id: number; token: string };

  it('has an unbuffered, long-lived location for the notification stream, at the route’s path', async () => {
    const docs = await request(`${servers[0]?.url}/api/docs/json`);
    expect(Object.keys(JSON.parse(docs.body).paths)).toContain('/api/notifications/stream');
    const location = /location = \/api\/notifications\/stream \{([^}]*)\}/.exec(
      fs.readFileSync(path.join(dir, 'relate.conf'), 'utf8'),
    )?.[1];
    expect(location).toContain('proxy_buffering off;');
    expect(location).toMatch(/proxy_read_timeout 1h;/); // Relate's heartbeat is every 25 s
  });

  it('delivers live notifications through nginx as they happen', async () => {
    admin = await signUp('admin@nginx.example'); // the first account: the administrator
    member = await signUp('member@nginx.example');
    const approved = await request(`${base}/api/admin/users/${member.id}/approve`, {
      method: 'POST',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status, approved.body).toBe(200);
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${base}/api/notifications/stream`, { headers: bearer(member.token), agent: false }, resolve)
        .on('error', reject),
    );
    const events = new SseClient(stream);
    try {
      expect(await events.next(2000)).toMatchObject({ event: 'unread-count' });
      const invited = await request(`${base}/api/user-group`, {
        method: 'POST',
        headers: { ...bearer(admin.token), 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'member@nginx.example', name: 'Member' }),
      });
      expect(invited.status, invited.body).toBe(201);
      expect(await events.next(1000)).toMatchObject({
        event: 'notification',
        data: { notification: { notification_type: 'group_invitation' } },
      });
    } finally {
      events.close();
    }
  });

  it('takes an upload of the server’s largest size and refuses a bigger one with 413', async () => {
    const csv = (bytes: number) => {
      const header = 'First Name,Email\n';
      const row = 'Ada,ada@example.com\n';
      const rows = Math.floor((bytes - header.length) / row.length);
      const text = header + row.repeat(rows);
      return text + 'x'.repeat(bytes - text.length);
    };
    const upload = (bytes: number) => {
      const body = multipart({}, { name: 'contacts.csv', content: csv(bytes) });
      return request(`${base}/api/csv/get-columns`, {
        method: 'POST',
        headers: { ...bearer(member.token), ...body.headers },
        body: body.payload,
      });
    };
    const largest = await upload(DEFAULT_MAX_CSV_BYTES);
    expect(largest.status, largest.body.slice(0, 500)).toBe(200);
    expect(JSON.parse(largest.body)).toMatchObject({ success: true });
    const bigger = await upload(DEFAULT_MAX_CSV_BYTES + 2 * 1024 * 1024).catch((error: Error) => error);
    // nginx answers 413 before the body is sent; it may cut the connection under the rest of it.
    if (!(bigger instanceof Error)) {
      expect(bigger.status).toBe(413);
      expect(bigger.headers.server).toMatch(/^nginx/);
    } else expect((bigger as NodeJS.ErrnoException).code).toMatch(/EPIPE|ECONNRESET/);
  }, 60_000);

  it('restarts one process (SIGTERM, start again) under load with no failed request at the client', async () => {
    const failures: string[] = [];
    let answered = 0;
    let loading = true;
    const login = JSON.stringify({ email: 'member@nginx.example', password: 'long-enough password' });
    const client = async (index: number) => {
      for (let round = 0; loading; round++) {
        // Each request from an address of its own: the load is never rate-limited.
        const answer = await request(
          `${base}/api/auth/${round % 4 === 3 ? 'login' : 'registration'}`,
          round % 4 === 3
            ? {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: login,
                localAddress: someClient(),
              }
            : { localAddress: someClient() },
        ).catch((error: Error) => ({ status: 0, body: `client ${index}: ${error.message}` }));
        answered++;
        if (answer.status !== 200) failures.push(`${answer.status} ${answer.body.slice(0, 200)}`);
      }
    };
    const clients = Array.from({ length: 5 }, (_, index) => client(index));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = servers[1] as ServerProcess;
    stopping.child.kill('SIGTERM');
    expect(await stopping.exited, stopping.output().slice(-2000)).toBe(0);
    servers[1] = await startInstance(ports[1] as number);
    // nginx left it out after its refused connections; it takes it back within fail_timeout (5 s).
    const before = (await healthCounts())[1] as number;
    const deadline = Date.now() + 15_000;
    while ((await healthCounts())[1] === before && Date.now() < deadline) {
      await request(`${base}/api/health`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    loading = false;
    await Promise.all(clients);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(answered).toBeGreaterThan(50);
    expect((await healthCounts())[1]).toBeGreaterThan(before);
  }, 90_000);

  it('keeps answering through the other process when one is killed', async () => {
    servers[0]?.child.kill('SIGKILL');
    await servers[0]?.exited;
    for (let index = 0; index < 10; index++) {
      expect((await request(`${base}/api/health`)).status).toBe(200);
      const me = await request(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'member@nginx.example', password: 'long-enough password' }),
      });
      expect(me.status, me.body).toBe(200);
    }
    expect(nginxOutput()).not.toContain('[emerg]');
  });
});
