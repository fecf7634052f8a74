/**
 * `npm run bench [-- name ...]`: runs every bench/*.bench.ts (or those whose name contains one of the
 * arguments) and prints p50/p95 per case against the issues' goals. BENCH_SCALE=0.1 runs a tenth of the sizes.
 * Exits 1 when a suite's check failed (a suite that threw, or a result marked `failed`); the other
 * suites still run. A p95 over its goal is reported, not failed.
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
  `Benchmarks: ${files.join(', ')} on the embedded PostgreSQL${postgresUrl() ? ' and an external one' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL for an external one)'}`,
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
    result.failed ? `FAILED: ${result.failed}${result.note ? `; ${result.note}` : ''}` : (result.note ?? ''),
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
const failures: string[] = [];
const started = performance.now();
for (const file of files) {
  const suiteStart = performance.now();
  try {
    const suite = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href))
      .default as BenchSuite;
    console.log(`\n▶ ${suite.name}`);
    const suiteResults = await suite.run((line) => console.log(`  ${line}`));
    results.push(...suiteResults);
    for (const result of suiteResults)
      if (result.failed) failures.push(`${file} (${result.database}, ${result.case}): ${result.failed}`);
  } catch (error) {
    console.log(`  ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`  done in ${((performance.now() - suiteStart) / 1000).toFixed(1)} s`);
}

console.log('');
printTable(results);
console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
const missed = results.filter((result) => result.goalMs !== undefined && result.p95 >= result.goalMs);
if (missed.length > 0) console.log(`${missed.length} case(s) missed their goal.`);
if (failures.length > 0) {
  console.log(`\n${failures.length} check(s) FAILED:`);
  for (const failure of failures) console.log(`  ${failure}`);
}
process.exit(failures.length > 0 ? 1 : 0);
