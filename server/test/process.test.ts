import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process';
import { get, SseClient } from './sse-client';

const started: ServerProcess[] = [];
afterEach(() => {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
});

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'relate-data-'));

describe('data directory lock', () => {
  it('refuses a directory held by a live process and takes over a stale lock', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'relate.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'relate.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'relate.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'relate.lock'))).toBe(false);
  });
});

describe('the server process', () => {
  it('loses no acknowledged write when stopped with SIGTERM mid-traffic, and a second process on the same DATA_DIR refuses to start', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()) };
    const first = startServerProcess(env);
    started.push(first);
    await waitForHealth(first.url);

    const second = startServerProcess({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another Relate process');

    const emails = Array.from({ length: 40 }, (_, index) => `writer-${index}@example.com`);
    const writes = emails.map(async (email, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 5));
      try {
        const response = await fetch(`${first.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'long-enough', full_name: 'Writer' }),
        });
        return response.status === 201 ? email : undefined;
      } catch {
        return undefined;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    first.child.kill('SIGTERM');
    const acknowledged = (await Promise.all(writes)).filter(Boolean) as string[];
    expect(await first.exited, first.output().slice(-2000)).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(0);

    const restarted = startServerProcess({ ...env, PORT: String(await freePort()) });
    started.push(restarted);
    await waitForHealth(restarted.url);
    for (const email of acknowledged) {
      const login = await fetch(`${restarted.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'long-enough' }),
      });
      expect(login.status, email).toBe(200);
    }
  }, 120_000);
});

/**
 * Issue 30: a stop ends in bounded time whatever happens to the server's output. pino's destination,
 * at exit, retried writing its last lines for as long as the write failed: the process never ended,
 * its own force-exit timer included.
 */
describe('stopping when the reader of the output goes away or stops reading', () => {
  const STOP_BOUND_MS = 15_000;

  async function startLogging() {
    const server = startServerProcess({
      DATA_DIR: tempDir(),
      PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    });
    started.push(server);
    await waitForHealth(server.url, 90_000);
    return server;
  }

  /** The exit code, or 'still running' once the bound has passed. */
  function exitWithin(server: ServerProcess, ms: number) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still running'), ms)));
    return Promise.race([server.exited, late]).finally(() => clearTimeout(timer));
  }

  it('exits cleanly when the reader goes away right after SIGTERM (EPIPE)', async () => {
    const server = await startLogging();
    server.child.kill('SIGTERM');
    server.child.stdout?.destroy();
    server.child.stderr?.destroy();
    expect(await exitWithin(server, STOP_BOUND_MS)).toBe(0);
  }, 120_000);

  it('exits when the reader has stopped reading and the pipe is full', async () => {
    const server = await startLogging();
    server.child.stdout?.pause();
    // Each request logs a line holding its 4,000-character path twice: 40 of them fill a 64 KB pipe.
    for (let round = 0; round < 4; round++)
      await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${server.url}/api/${'x'.repeat(4000)}`).then((r) => r.text()),
        ),
      );
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, STOP_BOUND_MS)).toBe(0);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const database = `relate_processes_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
  });
  afterAll(async () => {
    for (const server of started.splice(0)) server.child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  async function call(url: string, method: string, route: string, token?: string, body?: object) {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: (await response.json()) as unknown };
  }

  it('a notification created through one process reaches an SSE client of the other within a second', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const env = { DATABASE_URL: url.toString(), REDIS_URL: '', DATA_DIR: tempDir() };
    // One after the other, so that the first applies the migrations alone.
    const first = startServerProcess({ ...env, PORT: String(await freePort()) });
    started.push(first);
    await waitForHealth(first.url);
    const second = startServerProcess({ ...env, PORT: String(await freePort()) });
    started.push(second);
    await waitForHealth(second.url);

    const signUp = async (email: string) => {
      await call(first.url, 'POST', '/auth/register', undefined, {
        email,
        password: 'long-enough',
        name: email,
      });
      const login = await call(first.url, 'POST', '/auth/login', undefined, {
        email,
        password: 'long-enough',
      });
      return login.json as { access_token: string; user: { id: number } };
    };
    const ann = await signUp('ann@example.com');
    const ben = await signUp('ben@example.com');
    expect(
      (await call(first.url, 'POST', `/admin/users/${ben.user.id}/approve`, ann.access_token, {})).status,
    ).toBe(200);

    const stream = new SseClient(
      await get(`${second.url}/api/notifications/stream`, { authorization: `Bearer ${ben.access_token}` }),
    );
    expect(await stream.next(2000)).toMatchObject({ event: 'unread-count' });

    const invite = await call(first.url, 'POST', '/user-group', ann.access_token, {
      email: 'ben@example.com',
      name: 'Ben',
    });
    expect(invite.status).toBe(201);
    expect(await stream.next(1000)).toMatchObject({
      event: 'notification',
      data: { unread_count: 1, notification: { notification_type: 'group_invitation' } },
    });
    stream.close();
  }, 60_000);
});
