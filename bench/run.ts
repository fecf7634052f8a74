/**
 * `npm run bench [-- name ...]`: runs every bench/*.bench.ts (or those whose name contains one of the
 * arguments) and prints p50/p95 per case against the issues' goals. BENCH_SCALE=0.1 runs a tenth of the sizes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BenchResult, type BenchSuite, postgresUrl } from './harness';

const filters = process.argv.slice(2);
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}

console.log(
  `Benchmarks: ${files.join(', ')} on PGlite${postgresUrl() ? ' and PostgreSQL' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL)'}`,
);

const ms = (value: number) => value.toFixed(1);

function goal(result: BenchResult): string {
  if (result.goalMs === undefined) return '';
  return result.p95 < result.goalMs ? `met (< ${result.goalMs} ms)` : `MISSED (< ${result.goalMs} ms)`;
}

function printTable(results: BenchResult[]) {
  const header = ['suite', 'database', 'case', 'runs', 'p50 ms', 'p95 ms', 'p95 goal', 'note'];
  const rows = results.map((result) => [
    result.suite,
    result.database,
    result.case,
    String(result.runs),
    ms(result.p50),
    ms(result.p95),
    goal(result),
    result.note ?? '',
  ]);
  const numeric = new Set([3, 4, 5]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (numeric.has(column) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

const results: BenchResult[] = [];
const started = performance.now();
for (const file of files) {
  const suite = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href))
    .default as BenchSuite;
  const suiteStart = performance.now();
  console.log(`\n▶ ${suite.name}`);
  results.push(...(await suite.run((line) => console.log(`  ${line}`))));
  console.log(`  done in ${((performance.now() - suiteStart) / 1000).toFixed(1)} s`);
}

console.log('');
printTable(results);
console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
const missed = results.filter((result) => result.goalMs !== undefined && result.p95 >= result.goalMs);
if (missed.length > 0) console.log(`${missed.length} case(s) missed their goal.`);
process.exit(0);
