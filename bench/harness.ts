import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, openPostgres } from '../server/src/db/client';

/** One measured case: milliseconds per call. */
export interface BenchResult {
  suite: string;
  database: string;
  case: string;
  runs: number;
  p50: number;
  p95: number;
  /** The p95 to stay under on this database, where the issues set one. */
  goalMs?: number;
  /** Anything else the case measured (throughput, ratios). */
  note?: string;
  /** The check of this case that failed: `npm run bench` then exits non-zero. */
  failed?: string;
}

/** The issues' p95 targets for list queries (issue 18): 50 ms on PostgreSQL, embedded or external. */
export const LIST_GOAL_MS = { Embedded: 50, External: 50 } as const;

/** The embedded PostgreSQL in a temporary DATA_DIR (`npm start`), or the one at BENCH_DATABASE_URL. */
export type BenchLabel = keyof typeof LIST_GOAL_MS;

/** A benchmark size: `full`, or a tenth of it with BENCH_SCALE=0.1 (for a quick run). */
export function scaled(full: number): number {
  return Math.round(full * Number(process.env.BENCH_SCALE ?? 1));
}

/**
 * A `*.bench.ts` file default-exports one of these; `log` prints progress lines. A check that fails
 * either throws (the suite stops there) or sets `failed` on a result; either makes the run exit 1.
 */
export interface BenchSuite {
  name: string;
  run(log: (line: string) => void): Promise<BenchResult[]>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Calls `fn` `warmup` times unmeasured, then `runs` times one after the other; p50 and p95 in ms. */
export async function time(
  fn: () => Promise<unknown>,
  { runs, warmup = Math.ceil(runs / 10) }: { runs: number; warmup?: number },
): Promise<{ runs: number; p50: number; p95: number }> {
  for (let index = 0; index < warmup; index++) await fn();
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { runs, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

export interface BenchDatabase {
  label: BenchLabel;
  handle: DatabaseHandle;
  /** Closes the database and removes what was created for the run. */
  dispose(): Promise<void>;
}

/** The PostgreSQL server to benchmark on, when one is configured. */
export const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** The embedded PostgreSQL in a temporary data directory (as `npm start` runs it), removed afterwards. */
export async function openBenchEmbedded(): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-bench-'));
  const handle = await openDatabase({ dataDir: dir });
  return {
    label: 'Embedded',
    handle,
    async dispose() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated database on the PostgreSQL server at `adminUrl`, dropped afterwards. */
export async function openBenchPostgres(adminUrl: string): Promise<BenchDatabase> {
  const name = `relate_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 10);
  return {
    label: 'External',
    handle,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The embedded PostgreSQL always; an external one too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export function benchDatabases(): Array<() => Promise<BenchDatabase>> {
  const url = postgresUrl();
  return [openBenchEmbedded, ...(url ? [() => openBenchPostgres(url)] : [])];
}
