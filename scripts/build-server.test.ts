import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tasks } from '../server/src/heavy-work';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
let outDir: string;

beforeAll(async () => {
  // Inside the repository, so that the bundle's npm imports resolve from its node_modules.
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  outDir = fs.mkdtempSync(path.join(cache, 'relate-server-build-'));
  await buildServer(outDir);
}, 60_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** The npm packages a chunk of the worker bundle imports, with those of the chunks it imports. */
function packagesOf(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    if (specifier.startsWith('.'))
      for (const name of packagesOf(path.resolve(path.dirname(file), specifier), seen)) packages.add(name);
    else packages.add(specifier);
  }
  return packages;
}

it('builds a worker whose import task loads neither Drizzle nor the calendar libraries', () => {
  const chunks = fs.readdirSync(path.join(outDir, 'heavy-work'));
  const importRows = chunks.find((name) => name.startsWith('contacts.import-rows-') && name.endsWith('.js'));
  expect(importRows).toBeDefined();
  const packages = [...packagesOf(path.join(outDir, 'heavy-work', importRows as string))];
  expect(packages).toEqual(expect.arrayContaining(['csv-parse', 'zod']));
  expect(packages.filter((name) => /drizzle|ical|rrule|pglite/.test(name))).toEqual([]);
  const companies = chunks.find((name) => name.startsWith('companies.csv-file-') && name.endsWith('.js'));
  expect([...packagesOf(path.join(outDir, 'heavy-work', companies as string))]).toContain('drizzle-orm');
});

it('loads every task of the built worker on a thread', async () => {
  const names = Object.keys(tasks);
  expect(names).toEqual(expect.arrayContaining(['contactImportRows', 'parseIcs', 'prepareCompanies']));
  const entry = pathToFileURL(path.join(outDir, 'heavy-work.js')).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.entry).then(async ({ default: run }) => {
      const answers = [];
      for (const name of workerData.names) answers.push(await run({ name, warm: true }));
      parentPort.postMessage(answers);
    }, (error) => parentPort.postMessage(String(error)));`,
    { eval: true, workerData: { entry, names } },
  );
  try {
    const answers = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(answers).toEqual(names.map(() => ({ value: true })));
  } finally {
    await worker.terminate();
  }
});
