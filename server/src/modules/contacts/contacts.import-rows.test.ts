/**
 * An import's rows as a worker thread sends them (`WorkerPool.stream` and contacts.import-rows.ts): in
 * order, a small first batch, only the columns the rows fill, and a file that breaks half-way or a
 * consumer that stops ending the stream cleanly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeavyTasks } from '../../heavy-work';
import { AppError } from '../../lib/errors';
import { WorkerPool } from '../../lib/workers/pool';
import { IMPORT_COPY_COLUMNS } from './contacts.repository';

let pool: WorkerPool<HeavyTasks>;
let dir: string;
beforeAll(() => {
  pool = new WorkerPool<HeavyTasks>(new URL('../../heavy-work.dev.mjs', import.meta.url));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-import-rows-'));
});
afterAll(async () => {
  await pool.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const mapping = JSON.stringify({ 'First Name': 'first_name', 'E-mail': 'email', Met: 'custom_Met at' });

function csvFile(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `First Name,E-mail,Met\n${lines.join('\n')}\n`);
  return file;
}

const readRows = (file: string, batchRows = 250) =>
  pool.stream('contactImportRows', {
    path: file,
    format: 'csv',
    fields: { mapping },
    userId: 7,
    importId: 11,
    batchRows,
    columns: IMPORT_COPY_COLUMNS,
  });

const decoded = (text: Uint8Array) => new TextDecoder().decode(text);

describe("an import's rows from a worker thread", () => {
  it('come in order as COPY text of the filled columns, the first batch small, with the tally last', async () => {
    const lines = Array.from({ length: 600 }, (_, index) =>
      index === 5
        ? ',,Somewhere'
        : `Person ${index},p${index}@example.com,${index === 9 ? 'Berlin\tfair' : ''}`,
    );
    const rows = readRows(csvFile('people.csv', lines));
    const batches = [];
    for await (const batch of rows.items) batches.push(batch);

    expect(batches.map((batch) => batch.rows)).toEqual([100, 250, 249]);
    const texts = batches.map((batch) => decoded(batch.text).split('\n').slice(0, -1));
    expect(texts.flat()).toHaveLength(599);
    // Only the first batch has a row with a custom field; no batch sends the columns no row fills.
    expect(batches[0].keys).toEqual(['userId', 'fullName', 'firstName', 'email', 'customFields', 'importId']);
    expect(batches[1].keys).toEqual(['userId', 'fullName', 'firstName', 'email', 'importId']);
    expect(texts[0][0]).toBe('7\tPerson 0\tPerson 0\tp0@example.com\t{}\t11');
    // The tab is JSON's \t inside the jsonb text, its backslash doubled by COPY's escaping.
    expect(texts[0][8]).toBe('7\tPerson 9\tPerson 9\tp9@example.com\t{"Met at":"Berlin\\\\tfair"}\t11');
    expect(texts[2].at(-1)).toBe('7\tPerson 599\tPerson 599\tp599@example.com\t11');
    expect(await rows.result).toEqual({
      total: 600,
      skipped: 1,
      errors: [{ row: 7, error: expect.stringMatching(/.+/) }],
      warnings: [],
      customNames: ['Met at'],
    });
  });

  it('end with the file’s error when it cannot be read to the end', async () => {
    const lines = Array.from({ length: 400 }, (_, index) => `Person ${index},p${index}@example.com,`);
    lines.push(`Too long,${'x'.repeat(10_001)},`);
    const rows = readRows(csvFile('broken.csv', lines), 100);
    const received: number[] = [];
    const reading = (async () => {
      for await (const batch of rows.items) received.push(batch.rows);
    })();
    await expect(reading).rejects.toSatisfy(
      (error) => error instanceof AppError && error.status === 400 && /Row 402/.test(error.message),
    );
    expect(received.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(400);
  });

  it('stop being read when the consumer stops, the worker staying at most two batches ahead', async () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => `Person ${index},p${index}@example.com,`);
    const rows = readRows(csvFile('many.csv', lines), 100);
    let taken = 0;
    for await (const batch of rows.items) {
      taken += batch.rows;
      if (taken >= 300) break; // as a failed COPY leaves the loop
    }
    // The worker stops at its next batch and answers what it had read: never the whole file.
    const tally = await rows.result;
    expect(tally.total).toBeLessThan(5_000);
    expect(tally.total).toBeGreaterThanOrEqual(300);
    expect(tally.total).toBeLessThanOrEqual(300 + 3 * 100);
  });
});
