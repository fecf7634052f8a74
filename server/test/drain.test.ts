/**
 * Issue 37: a rolling restart stops one process with SIGTERM while the others serve. The stopping
 * process finishes what it is answering, ends its live streams (their clients reconnect, to another
 * process behind the load balancer), accepts no new connection, and ends in bounded time.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './databases';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process';
import { get, SseClient } from './sse-client';

const adminUrl = process.env.TEST_DATABASE_URL;
const started: ServerProcess[] = [];
afterEach(() => {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
});

/** A POST whose JSON body is sent in two parts: the request is in flight until `finish()`. */
function slowPost(url: string, body: object) {
  const text = JSON.stringify(body);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let received = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (received += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: received }));
    });
    request.on('error', reject);
  });
  request.write(text.slice(0, 10));
  return { answer, finish: () => request.end(text.slice(10)) };
}

/** Resolves once a new connection to `url` is refused; rejects if it is still accepted after `ms`. */
async function refusedWithin(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      http
        .get(`${url}/api/health`, { agent: false }, (response) => {
          response.resume();
          resolve(false);
        })
        .on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} still accepts connections`);
}

describe.runIf(adminUrl)('SIGTERM', () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createDatabase(adminUrl as string, 'relate_drain');
  });
  afterAll(() => database.drop());

  async function start(env: Record<string, string> = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-drain-'));
    const server = startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ...env,
    });
    started.push(server);
    await waitForHealth(server.url, 60_000);
    return server;
  }

  async function signIn(url: string, email: string): Promise<string> {
    const credentials = { email, password: 'long-enough password' };
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, full_name: 'Drain' }),
    });
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    return ((await login.json()) as { access_token: string }).access_token;
  }

  it('finishes an in-flight request with 200, ends the SSE stream, refuses new connections, then exits 0', async () => {
    const server = await start();
    const token = await signIn(server.url, 'drain@example.com');
    const stream = new SseClient(
      await get(`${server.url}/api/notifications/stream`, { authorization: `Bearer ${token}` }),
    );
    expect(await stream.next(2000)).toMatchObject({ event: 'unread-count' });
    const slow = slowPost(`${server.url}/api/auth/login`, {
      email: 'drain@example.com',
      password: 'long-enough password',
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the server has the request's head

    server.child.kill('SIGTERM');
    await stream.waitForEnd(5000);
    await refusedWithin(server.url, 5000);
    expect(server.child.exitCode).toBeNull(); // still waiting for the request in flight
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('access_token');
    expect(await server.exited, server.output().slice(-2000)).toBe(0);
  }, 90_000);

  it('gives up on a request that never finishes after SHUTDOWN_TIMEOUT_SECONDS and exits 1', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '3' });
    const stalled = slowPost(`${server.url}/api/auth/login`, { email: 'stalled@example.com', password: 'x' });
    stalled.answer.catch(() => {}); // the socket is cut when the process exits
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - stoppedAt).toBeLessThan(3000 + 2000);
    expect(server.output()).toContain('shutdown took too long');
  }, 90_000);
});
