/**
 * Issue 19, "one user must not freeze everyone": while one caller sends a heavy request, another's
 * `GET /api/health` still answers promptly.
 *
 * How these are measured: the app listens on a loopback port in this process (the heavy work runs on the
 * same event loop as the test), the heavy request is started, and once the server is busy with it a
 * health request is timed from send to answer. The bound is 500 ms plus the health request's own
 * latency measured just before on the idle server (`baseline`): on this shared 2-core machine an idle
 * health request alone can take tens of milliseconds under other load, and that is not what is tested.
 * A server whose event loop or single PGlite connection is held by the heavy request answers only after
 * it, seconds later (the figures before the fixes are in the commit messages and decision 0025).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
let base: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => t?.close().catch(() => {}));

/** Milliseconds from sending GET /api/health on a fresh connection to its complete answer. */
export function healthLatency(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/health`, { agent: false }, (response) => {
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

/**
 * The idle server's worst health latency over eight requests. With six test runs sharing two cores
 * (load average 16-18 while these were written) a lone request on an idle server sometimes takes a few
 * hundred milliseconds; the bound is 500 ms on top of that, while a held server answers seconds late.
 */
async function baseline(url: string, extra?: () => Promise<number>): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < 8; index++)
    samples.push(await (index % 2 && extra ? extra() : healthLatency(url)));
  return Math.max(...samples);
}

describe('a 100 MB JSON body from an anonymous caller', () => {
  it('gets 401 before the server reads it, and health answers meanwhile', async () => {
    const idle = await baseline(base);
    const size = 100 * 1024 * 1024;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    const answered = new Promise<string>((resolve) => {
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n\r\n')) resolve(answer);
      });
      socket.on('error', () => resolve(answer));
    });
    socket.write(
      `POST /api/company-csv-processor HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    // The first megabyte of a JSON document 100 MB long; the rest is never sent.
    socket.write(`{"csvData":"${'a'.repeat(1024 * 1024)}`);
    const head = await Promise.race([
      answered,
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer within 10 s'), 10_000)),
    ]);
    // Before: the access check waited for the whole body, so nothing came back.
    expect(head).toMatch(/^HTTP\/1\.1 401/);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(await healthLatency(base)).toBeLessThan(500 + idle);
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

/** Starts an upload of `content` as the multipart `file` field; answers the response when it comes. */
function upload(url: string, headers: Record<string, string>, name: string, content: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return fetch(url, { method: 'POST', headers, body: form });
}

/**
 * Many samples taken while a heavy request runs: all but the slowest within `bound`, and the slowest
 * within `bound` + 1.5 s. A server held by the request makes the sample that waits for it seconds late
 * (2.8 to 25 s before these fixes); a lone spike of a few hundred milliseconds is this shared machine
 * (other test files run on the same cores and event loop), so one sample may exceed the tight bound.
 */
function expectAnswered(samples: number[], bound: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  expect(sorted.at(-2) ?? 0).toBeLessThan(bound);
  expect(sorted.at(-1) ?? 0).toBeLessThan(bound + 1500);
}

/** Times a health request sent once the heavy request has had `settle` ms to get the server busy. */
async function healthDuring(heavy: Promise<unknown>, settleMs: number): Promise<number> {
  await Promise.race([heavy, new Promise((resolve) => setTimeout(resolve, settleMs))]);
  return healthLatency(base);
}

describe('.ics import', () => {
  it('refuses 40,000 events with 413 naming the limit, and health answers meanwhile', async () => {
    const user = await createUser(t.app);
    const idle = await baseline(base);
    const heavy = upload(`${base}/api/events/import`, user.headers, 'big.ics', calendar(40_000));
    const during = await healthDuring(heavy, 200);
    const response = await heavy;
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe(
      'The file holds 40,000 events; import at most 5,000 at a time',
    );
    expect(during).toBeLessThan(500 + idle);
  });

  it('imports and exports 5,000 events while health keeps answering', async () => {
    const user = await createUser(t.app);
    const idle = await baseline(base);
    const heavy = upload(`${base}/api/events/import`, user.headers, 'full.ics', calendar(5_000));
    const samples: number[] = [];
    let done = false;
    void heavy.finally(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    while (!done) samples.push(await healthLatency(base));
    const response = await heavy;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { imported: number }).imported).toBe(5_000);
    expectAnswered(samples, 500 + idle);

    // The same 5,000 events exported: streamed a page at a time, written on a worker thread.
    let exported = false;
    const exporting = fetch(`${base}/api/events/export.ics`, { headers: user.headers })
      .then((answer) => answer.text())
      .finally(() => {
        exported = true;
      });
    const during: number[] = [];
    while (!exported) during.push(await healthLatency(base));
    const ics = await exporting;
    expect(ics.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(5_000);
    expect(ics.match(/^(BEGIN|END):VCALENDAR\r?$/gm)).toEqual(['BEGIN:VCALENDAR\r', 'END:VCALENDAR\r']);
    expectAnswered(during, 500 + idle);
  });
});

describe('a CSV whose header has 100,000 columns', () => {
  const wide = `${Array.from({ length: 100_000 }, (_, index) => `col${index}`).join(',')}\n${'1,'.repeat(99_999)}1\n`;
  // The header runs past the 64 KB the reader looks at first: it says "more than" what it counted there.
  const refusal = /^The file has more than [\d,]+ columns; at most 500 can be imported$/;

  it('is refused by get-columns with 400 naming the limit, and health answers meanwhile', async () => {
    const user = await createUser(t.app);
    const idle = await baseline(base);
    const heavy = upload(`${base}/api/csv/get-columns`, user.headers, 'wide.csv', wide);
    const during = await healthDuring(heavy, 100);
    const response = await heavy;
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(refusal);
    expect(during).toBeLessThan(500 + idle);
  });

  it('is refused by the contact import and the company headers with the same message', async () => {
    const user = await createUser(t.app);
    const form = new FormData();
    form.append('file', new Blob([wide]), 'wide.csv');
    form.append('mapping', JSON.stringify({ col0: 'first_name' }));
    const imported = await fetch(`${base}/api/csv/import-with-mapping`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    expect(imported.status).toBe(400);
    expect(((await imported.json()) as { error: string }).error).toMatch(refusal);
    const companies = await t.as(user).post('/api/company-csv-processor/headers', { csvData: wide });
    expect(companies.statusCode).toBe(400);
    expect(companies.json().error).toMatch(refusal);
  });
});

/**
 * Milliseconds for a page of `user`'s contacts (the first unless `page` says), and its total. The total
 * is counted up to 1,000 rows past the page's start, so a page near the end of 10,000 rows counts exactly.
 */
async function timedList(headers: Record<string, string>, page = 1): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/people?page_size=20&page=${page}`, { headers });
  const { total } = (await response.json()) as { total: number };
  return { ms: performance.now() - started, total };
}

describe.runIf(process.env.RELATE_TEST_DB !== 'postgres')('a large contact import on PGlite', () => {
  it("does not hold another user's list or health, and shows its rows only once complete", async () => {
    const importer = await createUser(t.app);
    const other = await createUser(t.app);
    const rows = 10_000;
    const csv = `First Name,Last Name,Email,Company\n${Array.from(
      { length: rows },
      (_, index) => `Person${index},Family${index % 97},person${index}@example.com,Company ${index % 13}`,
    ).join('\n')}\n`;
    const idle = await baseline(base, async () => (await timedList(other.headers)).ms);
    const form = new FormData();
    form.append('file', new Blob([csv]), 'big.csv');
    form.append(
      'mapping',
      JSON.stringify({
        'First Name': 'first_name',
        'Last Name': 'last_name',
        Email: 'email',
        Company: 'organization',
      }),
    );
    let done = false;
    const heavy = fetch(`${base}/api/csv/import-with-mapping`, {
      method: 'POST',
      headers: importer.headers,
      body: form,
    }).finally(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waits: number[] = [];
    const importerTotals: number[] = [];
    while (!done) {
      waits.push(await healthLatency(base));
      waits.push((await timedList(other.headers)).ms);
      if (!done) importerTotals.push((await timedList(importer.headers, rows / 20)).total);
    }
    const response = await heavy;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { imported_count: number }).imported_count).toBe(rows);
    expect(waits.length).toBeGreaterThan(2);
    expectAnswered(waits, 500 + idle);
    // Never a half-written import: nothing until it completes (the last sample may see it complete).
    expect(importerTotals.every((total) => total === 0 || total === rows)).toBe(true);
    expect((await timedList(importer.headers, rows / 20)).total).toBe(rows);
  });
});

// Last: it closes the server.
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
    await t.app.close();
  });
});
