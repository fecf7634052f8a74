import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RunningFakeGoogle } from '../server/test/fakes/google/server';
import { multipart } from '../server/test/multipart';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHealth,
} from '../server/test/server-process';
import { CONTACTS_CSV_MAPPING, contactsCsv } from './seed-contacts';

/**
 * Helpers for the process-level scripts (two processes, soak, kill -9): real server processes on
 * loopback, as `npm start` runs them, and their HTTP API.
 */

/** Limits high enough that the load itself is never rate-limited (the sign-in limit is tested on its own). */
export const LOAD_ENV = { API_RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };

export async function startServer(
  env: Record<string, string>,
  options: { compiled?: boolean } = {},
): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_FLAGS go to the server processes' node only (say, `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const nodeFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const server = startServerProcess(
    { ...LOAD_ENV, ...env, PORT: String(await freePort()) },
    { ...options, nodeFlags },
  );
  await Promise.race([
    waitForHealth(server.url, 120_000),
    server.exited.then((code) => {
      throw new Error(`server exited with ${code}: ${server.output().slice(-2000)}`);
    }),
  ]);
  return server;
}

export function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  // BENCH_SERVER_OUTPUT=<file> keeps what the server printed (say, with BENCH_SERVER_NODE_FLAGS=--trace-gc).
  const keep = process.env.BENCH_SERVER_OUTPUT;
  if (keep) void server.exited.then(() => fs.writeFileSync(keep, server.output()));
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'relate-bench-data-'));

/** A new database on the PostgreSQL server at `adminUrl`; `drop()` removes it. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `relate_bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export async function api<T = unknown>(
  base: string,
  method: string,
  route: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed as T };
}

export interface Account {
  id: number;
  email: string;
  token: string;
}

export const PASSWORD = 'bench password 1';

/** Registers and signs in; the first account of a database is its approved administrator. */
export async function signUp(base: string, email: string, approveWith?: Account): Promise<Account> {
  const registered = await api<{ user: { id: number } }>(base, 'POST', '/auth/register', {
    body: { email, password: PASSWORD, full_name: 'Bench User' },
  });
  if (registered.status !== 201) throw new Error(`register ${email}: ${JSON.stringify(registered.body)}`);
  if (approveWith) {
    const approved = await api(base, 'POST', `/admin/users/${registered.body.user.id}/approve`, {
      token: approveWith.token,
      body: {},
    });
    if (approved.status !== 200) throw new Error(`approve ${email}: ${JSON.stringify(approved.body)}`);
  }
  return { id: registered.body.user.id, email, token: await signIn(base, email) };
}

export async function signIn(base: string, email: string): Promise<string> {
  const login = await api<{ access_token: string }>(base, 'POST', '/auth/login', {
    body: { email, password: PASSWORD },
  });
  if (login.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(login.body)}`);
  return login.body.access_token;
}

/** The upload of `rows` generated contacts with the benchmark's mapping, for `importContacts`. */
export const contactsUpload = (rows: number, seed = 99) =>
  multipart(
    { mapping: JSON.stringify(CONTACTS_CSV_MAPPING) },
    { name: 'contacts.csv', content: contactsCsv(rows, seed) },
  );

/** Imports `rows` generated contacts (or a prepared `contactsUpload`) through the product's own CSV endpoint. */
export async function importContacts(
  base: string,
  token: string,
  rows: number | ReturnType<typeof contactsUpload>,
  seed = 99,
  signal?: AbortSignal,
): Promise<ApiAnswer<{ imported_count: number }>> {
  const body = typeof rows === 'number' ? contactsUpload(rows, seed) : rows;
  const response = await fetch(`${base}/api/csv/import-with-mapping`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
    signal,
  });
  return { status: response.status, body: (await response.json()) as { imported_count: number } };
}

/**
 * Memory of a process in MB (Linux /proc): `VmRSS` (resident now) or `VmHWM` (the most it has been
 * resident since it started); undefined where unavailable.
 */
export function rssMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`FAILED: ${message}`);
}

/** Settings → Connect Google, through the fake's consent redirect, as a browser would follow it. */
export async function connectGoogle(base: string, owner: Account, google: RunningFakeGoogle, sub: string) {
  const started = await fetch(`${base}/api/auth/google/connect`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
  });
  check(started.status === 200, `connect: ${started.status}`);
  // The cookie that binds the authorization to this "browser".
  const cookie = started.headers.get('set-cookie')?.split(';')[0] ?? '';
  const { authorization_url } = (await started.json()) as { authorization_url: string };
  google.fake.autoConsent = sub;
  const consent = await fetch(authorization_url, { redirect: 'manual' });
  check(consent.status === 302, `consent: ${consent.status}`);
  const back = new URL(consent.headers.get('location')!);
  const query = new URLSearchParams({
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  });
  const connected = await api<{ connected?: boolean }>(base, 'GET', `/auth/google/callback?${query}`, {
    token: owner.token,
    headers: { cookie },
  });
  check(connected.status === 200 && connected.body.connected, `callback: ${connected.status}`);
}

const HEALTH_EVERY_MS = 20;
const healthProbe = path.join(import.meta.dirname, 'health-probe.mjs');

/**
 * Runs `work` while a process of its own (health-probe.mjs) asks `/api/health` every 20 ms: the work's
 * value, how long it took, and the probe's latencies, sorted (a failed probe counts as infinite).
 */
export async function probeDuring<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ value: T; elapsedMs: number; health: number[] }> {
  const probe = spawn(process.execPath, [healthProbe, base, String(HEALTH_EVERY_MS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  probe.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => probe.on('exit', resolve));
  const started = performance.now();
  let value: T;
  let elapsedMs: number;
  try {
    value = await work();
    elapsedMs = performance.now() - started;
  } finally {
    probe.stdin.end();
    await exited;
  }
  const samples = JSON.parse(output || '[]') as (number | null)[];
  const health = samples.map((ms) => ms ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  return { value, elapsedMs, health };
}
