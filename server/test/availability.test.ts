/**
 * Issue 19, "one user must not freeze everyone": during each heavy request below, `GET /api/health`
 * answers within 500 ms, every time it is asked.
 *
 * The server runs as its own process (server/src/main.ts, as `npm start` runs it: its own PostgreSQL in a temporary
 * DATA_DIR, or a fresh PostgreSQL database in the PostgreSQL project), so that the test's own work —
 * building a 20 MB file, uploading it, vitest's bookkeeping — never runs on the event loop under test.
 * Health is asked over and over, one request at a time on a fresh connection, from just after the heavy
 * request is sent until its answer arrives; every sample must be within the bound. Another user's list is
 * timed the same way during the imports. No allowance is added for the machine: an idle health request
 * here takes a few milliseconds (2-30 ms with other test runs on the same 2 cores), and a server whose
 * event loop or single PGlite connection is held by the heavy request answers seconds late (the figures
 * before the fixes are in decisions 0025 and 0030).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process';

const BOUND_MS = 500;
const ADMINS = Array.from({ length: 20 }, (_, index) => `availability-${index}@example.com`);

let server: ServerProcess;
let base: string;
let port: number;
let dataDir: string | undefined;

beforeAll(async () => {
  port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    // Every account of this file is an approved administrator from its registration.
    ADMIN_EMAILS: ADMINS.join(','),
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'error',
  };
  // What a user of `npm start` gets: the embedded PostgreSQL server in DATA_DIR.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-availability-'));
  env.DATA_DIR = dataDir;
  server = startServerProcess(env);
  base = server.url;
  await waitForHealth(base, 60_000);
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface User {
  email: string;
  headers: { authorization: string };
}

let accounts = 0;
/** Registers the next of ADMINS (approved at once) and signs in. */
async function createUser(): Promise<User> {
  const email = ADMINS[accounts++];
  const credentials = { email, password: 'correct horse battery' };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, full_name: 'Availability' }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return { email, headers: { authorization: `Bearer ${access_token}` } };
}

/** Milliseconds from sending GET /api/health on a fresh connection to its complete answer. */
function healthLatency(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/health`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`health answered ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

/** Milliseconds for a GET of `url` as `user`, and its JSON. */
async function timedGet<T>(url: string, user: User): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: user.headers });
  const body = (await response.json()) as T;
  return { ms: performance.now() - started, body };
}

/**
 * Samples taken one after another while `heavy` runs: health's latency, then whatever `alsoTime` times
 * (another user's list). Answers them and the heavy request's result.
 */
async function whileRunning<T>(
  heavy: Promise<T>,
  alsoTime?: () => Promise<number>,
): Promise<{ samples: number[]; result: T }> {
  let done = false;
  const finished = heavy.finally(() => {
    done = true;
  });
  finished.catch(() => {});
  const samples: number[] = [];
  while (!done) {
    samples.push(await healthLatency());
    if (alsoTime && !done) samples.push(await alsoTime());
  }
  return { samples, result: await finished };
}

/**
 * Every sample within the bound; the message lists the slowest if not. AVAILABILITY_LOG=1 prints each
 * case's figures and the event-loop delay the server reports.
 */
async function expectAllWithin(samples: number[], bound = BOUND_MS) {
  expect(samples.length).toBeGreaterThan(0);
  const sorted = [...samples].sort((a, b) => a - b);
  if (process.env.AVAILABILITY_LOG) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { event_loop_delay_ms: unknown };
    const at = (share: number) => sorted[Math.floor((sorted.length - 1) * share)].toFixed(0);
    console.log(
      `[availability] ${expect.getState().currentTestName}: ${sorted.length} samples, median ${at(0.5)} ms, p90 ${at(0.9)}, max ${at(1)}; server event-loop delay ${JSON.stringify(health.event_loop_delay_ms)}`,
    );
  }
  const slowest = sorted.slice(-5).reverse();
  expect(
    slowest[0],
    `${samples.length} samples, slowest ${slowest.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  ).toBeLessThan(bound);
}

/** Sends `content` as the multipart `file` field (and `fields`); answers the response. */
function upload(url: string, user: User, name: string, content: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return fetch(`${base}${url}`, { method: 'POST', headers: user.headers, body: form });
}

const postJson = (url: string, user: User, body: string) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body,
  });

/**
 * Writes `request` (a head and the start of a body) on a new connection; `answer` is what came back once
 * `complete` says so, or when the connection fails, or 'no answer within 10 s'.
 */
async function rawRequest(request: string, complete: (text: string) => boolean) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (complete(text)) resolve(text);
    });
    socket.on('error', () => resolve(text));
  });
  socket.write(request);
  const answer = Promise.race([
    answered,
    new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 10 s'), 10_000)),
  ]);
  return { socket, answer };
}

describe('a 100 MB JSON body from an anonymous caller', () => {
  it('gets 401 before the server reads it, and health answers meanwhile', async () => {
    const size = 100 * 1024 * 1024;
    const { socket, answer } = await rawRequest(
      `POST /api/company-csv-processor HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n` +
        // The first 16 KB of a JSON document 100 MB long; the rest is never sent. (Much more, and the
        // server closing the connection with bytes still unread would reset it before the client reads
        // the answer.)
        `{"csvData":"${'a'.repeat(16 * 1024)}`,
      (text) => text.includes('\r\n\r\n'),
    );
    const head = await answer;
    // Before: the access check waited for the whole body, so nothing came back.
    expect(head).toMatch(/^HTTP\/1\.1 401/);
    expect(head.toLowerCase()).toContain('connection: close');
    await expectAllWithin([await healthLatency()]);
    socket.destroy();
  });
});

/** A calendar of `count` small one-hour events, one a day from 2025-01-01. */
function calendar(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//availability//EN'];
  for (let index = 0; index < count; index++) {
    const day = new Date(Date.UTC(2025, 0, 1) + index * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${index}@test`,
      `DTSTART:${day}T100000Z`,
      `DTEND:${day}T110000Z`,
      `SUMMARY:Event ${index}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

describe('.ics import', () => {
  it('refuses 40,000 events with 413 naming the limit, and health answers meanwhile', async () => {
    const user = await createUser();
    const ics = calendar(40_000);
    const { samples, result } = await whileRunning(upload('/api/events/import', user, 'big.ics', ics));
    expect(result.status).toBe(413);
    expect(((await result.json()) as { error: string }).error).toBe(
      'The file holds 40,000 events; import at most 5,000 at a time',
    );
    await expectAllWithin(samples);
  });

  it('imports and exports 5,000 events while health keeps answering', async () => {
    const user = await createUser();
    const ics = calendar(5_000);
    const imported = await whileRunning(upload('/api/events/import', user, 'full.ics', ics));
    expect(imported.result.status).toBe(200);
    expect(((await imported.result.json()) as { imported: number }).imported).toBe(5_000);
    await expectAllWithin(imported.samples);

    // The same 5,000 events exported: streamed a page at a time, written on a worker thread.
    const exported = await whileRunning(
      fetch(`${base}/api/events/export.ics`, { headers: user.headers }).then((answer) => answer.text()),
    );
    const text = exported.result;
    expect(text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(5_000);
    expect(text.match(/^(BEGIN|END):VCALENDAR\r?$/gm)).toEqual(['BEGIN:VCALENDAR\r', 'END:VCALENDAR\r']);
    await expectAllWithin(exported.samples);
  }, 120_000);
});

describe('a CSV whose header has 100,000 columns', () => {
  const wide = `${Array.from({ length: 100_000 }, (_, index) => `col${index}`).join(',')}\n${'1,'.repeat(99_999)}1\n`;
  // The header runs past the 64 KB the reader looks at first: it says "more than" what it counted there.
  const refusal = /^The file has more than [\d,]+ columns; at most 500 can be imported$/;

  it('is refused by get-columns with 400 naming the limit, and health answers meanwhile', async () => {
    const user = await createUser();
    const { samples, result } = await whileRunning(upload('/api/csv/get-columns', user, 'wide.csv', wide));
    expect(result.status).toBe(400);
    expect(((await result.json()) as { error: string }).error).toMatch(refusal);
    await expectAllWithin(samples);
  });

  it('is refused by the contact import and the company headers with the same message', async () => {
    const user = await createUser();
    const imported = await upload('/api/csv/import-with-mapping', user, 'wide.csv', wide, {
      mapping: JSON.stringify({ col0: 'first_name' }),
    });
    expect(imported.status).toBe(400);
    expect(((await imported.json()) as { error: string }).error).toMatch(refusal);
    const companies = await postJson(
      '/api/company-csv-processor/headers',
      user,
      JSON.stringify({ csvData: wide }),
    );
    expect(companies.status).toBe(400);
    expect(((await companies.json()) as { error: string }).error).toMatch(refusal);
  });
});

describe('a 100,000-row contact import', () => {
  it("does not hold another user's list or health, and shows its rows only once complete", async () => {
    const importer = await createUser();
    const other = await createUser();
    const rows = 100_000;
    const csv = `First Name,Last Name,Email,Company\n${Array.from(
      { length: rows },
      (_, index) => `Person${index},Family${index % 97},person${index}@example.com,Company ${index % 13}`,
    ).join('\n')}\n`;
    const mapping = JSON.stringify({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Email: 'email',
      Company: 'organization',
    });
    type Page = { total: number; total_capped: boolean };
    const importerPages: Page[] = [];
    const { samples, result } = await whileRunning(
      upload('/api/csv/import-with-mapping', importer, 'big.csv', csv, { mapping }),
      async () => {
        const list = await timedGet<Page>('/api/people?page_size=20', other);
        importerPages.push((await timedGet<Page>('/api/people?page_size=20', importer)).body);
        return list.ms;
      },
    );
    expect(result.status).toBe(200);
    expect(((await result.json()) as { imported_count: number }).imported_count).toBe(rows);
    await expectAllWithin(samples);
    // Never a half-written import: nothing until it completes (the last sample may see it complete).
    expect(importerPages.map((page) => page.total).filter((total) => total !== 0 && total !== rows)).toEqual(
      [],
    );
    expect(importerPages.every((page) => !page.total_capped)).toBe(true);
    // Counted exactly from the last page.
    const last = await timedGet<Page>(`/api/people?page_size=20&page=${rows / 20}`, importer);
    expect(last.body).toMatchObject({ total: rows, total_capped: false });
  }, 240_000);
});

/**
 * A company CSV of the largest size an import takes: 50,000 companies (the most one import may hold)
 * in just under 20 MB (the most text it may be), each with tags, a domain and a long description.
 */
function largestCompaniesCsv(): string {
  const rows = 50_000;
  const lines = ['Record,Tags,Domains,Connection Strength,Description'];
  const words = 'builds platform for teams data cloud secure global payments supply chain customers'.split(
    ' ',
  );
  for (let index = 0; index < rows; index++) {
    const description = Array.from({ length: 48 }, (_, word) => words[(index + word) % words.length]).join(
      ' ',
    );
    lines.push(
      `Company ${index},"customer, tag${index % 17}",company${index}.example.com,${['weak', 'medium', 'strong'][index % 3]},"${description} (${index})"`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('a company CSV import of the largest size', () => {
  it("does not hold another user's list or health", async () => {
    const importer = await createUser();
    const other = await createUser();
    const csvData = largestCompaniesCsv();
    expect(Buffer.byteLength(csvData)).toBeGreaterThan(19 * 1024 * 1024);
    expect(Buffer.byteLength(csvData)).toBeLessThan(20 * 1024 * 1024);
    const { samples, result } = await whileRunning(
      postJson('/api/company-csv-processor', importer, JSON.stringify({ csvData })),
      async () => (await timedGet('/api/companies', other)).ms,
    );
    expect(result.status).toBe(200);
    expect(await result.json()).toEqual({ imported: 50_000, skipped: 0, errors: [] });
    await expectAllWithin(samples);
    const listed = await timedGet<{ total: number }>('/api/companies', importer);
    expect(listed.body.total).toBe(50_000);
  }, 300_000);
});

describe('the largest JSON body the company CSV routes take', () => {
  it('is parsed while health keeps answering (41 MB: a 20 MB CSV whose every character is escaped)', async () => {
    const user = await createUser();
    // Quotes and backslashes: each becomes two characters in JSON.
    const csvData = `Name\n${'"\\'.repeat(10 * 1024 * 1024 - 4)}`;
    const body = JSON.stringify({ csvData });
    expect(body.length).toBeGreaterThan(40 * 1024 * 1024);
    expect(body.length).toBeLessThan(41 * 1024 * 1024);
    const { samples, result } = await whileRunning(
      postJson('/api/company-csv-processor/headers', user, body),
    );
    // Read, parsed and handed to the CSV reader, which refuses the one enormous cell.
    expect(result.status).toBe(400);
    expect(((await result.json()) as { code: string }).code).toBe('INVALID_FILE');
    await expectAllWithin(samples);
  });

  it('answers a larger one with 413 from its Content-Length, before reading it', async () => {
    const user = await createUser();
    const { socket, answer } = await rawRequest(
      `POST /api/company-csv-processor HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${user.headers.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n{"csvData":"Name`,
      (text) => /\r\n\r\n[\s\S]*\}/.test(text),
    );
    const head = await answer;
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 413/);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(head).toContain('"error":"The file is larger than 20 MB"');
  });
});

describe('a CSV export of 30,000 contacts', () => {
  it('streams while health keeps answering (p99 under 100 ms)', async () => {
    const user = await createUser();
    const rows = 30_000;
    const csv = `First Name,Last Name,Email,Company,Notes\n${Array.from(
      { length: rows },
      (_, index) =>
        `Export${index},Family${index % 89},export${index}@example.com,Company ${index % 11},"Met at the fair, table ${index}"`,
    ).join('\n')}\n`;
    const mapping = JSON.stringify({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Email: 'email',
      Company: 'organization',
      Notes: 'notes',
    });
    const imported = await upload('/api/csv/import-with-mapping', user, 'export.csv', csv, { mapping });
    expect(imported.status).toBe(200);

    const { samples, result } = await whileRunning(
      fetch(`${base}/api/people/export`, { headers: user.headers }).then(async (answer) => ({
        status: answer.status,
        text: await answer.text(),
      })),
    );
    expect(result.status).toBe(200);
    const lines = result.text.split(/\r?\n/).filter((line) => line !== '');
    expect(lines).toHaveLength(rows + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[5])).size).toBe(rows);
    // Before (issue 30): the export read pages of 2,000 contacts, 16 ahead, without a turn of the event
    // loop between them; the one health sample taken waited 4.1 s, the whole export.
    await expectAllWithin(samples);
    const sorted = [...samples].sort((a, b) => a - b);
    const p99 = sorted[Math.floor((sorted.length - 1) * 0.99)];
    expect(p99, `p99 of ${sorted.length} health samples`).toBeLessThan(100);
  }, 240_000);
});

// Last: it stops the server.
describe('a refused body', () => {
  it('refused while the client is still sending, does not stall a graceful shutdown', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closedByServer = new Promise<void>((resolve) => {
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    socket.resume();
    socket.write(
      'POST /api/company-csv-processor HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"csvData":"',
    );
    // The client keeps its connection open and sends nothing more; the server closes it.
    await closedByServer;
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output().slice(-2000)).toBe(0);
  }, 60_000);
});
