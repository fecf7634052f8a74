import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { copySequences, copyTable } from './pglite-copy';
import {
  type CopiedTable,
  compareTables,
  publicTables,
  type Query,
  quoteName,
  RENDERING_SETTINGS,
} from './table-checksums';

/** Where versions up to 0.1 kept their PGlite cluster, inside DATA_DIR (openDatabase in client.ts). */
const PGLITE_DIR = 'pgdata';
const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export class PgliteUpgradeError extends Error {}

export interface UpgradeReport {
  tables: number;
  rows: number;
  sequences: number;
  /** Where the PGlite files now are. */
  backupDir: string;
  /** PostgreSQL already held exactly these rows (an earlier start copied them but stopped before the move). */
  alreadyCopied: boolean;
  milliseconds: number;
}

/** Whether `dataDir` holds the PGlite cluster of an earlier version (PGlite's PG_VERSION in DATA_DIR/pgdata). */
export function holdsPgliteCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, PGLITE_DIR, 'PG_VERSION'));
}

/**
 * Copies the PGlite cluster of an earlier version in `dataDir` into the migrated, empty PostgreSQL
 * database at `targetUrl`, in one transaction: every table of the `public` schema, then every sequence's
 * state; row counts and checksums compared per table before the commit. Then the PGlite files move to
 * `dataDir/pglite-backup-<date>`. Answers undefined when `dataDir` holds no PGlite cluster. Throws
 * PgliteUpgradeError, having written nothing and moved nothing, when PostgreSQL already holds other rows
 * or the copy fails or differs.
 */
export async function upgradeFromPglite(options: {
  dataDir: string;
  targetUrl: string;
  log: (line: string) => void;
  now?: Date;
}): Promise<UpgradeReport | undefined> {
  const { dataDir, targetUrl, log, now = new Date() } = options;
  if (!holdsPgliteCluster(dataDir)) return undefined;
  const started = performance.now();
  const pgliteDir = path.join(dataDir, PGLITE_DIR);
  log(`Copying the PGlite database in ${pgliteDir} into PostgreSQL (first start of this version)…`);
  const copied = await copyFrom(pgliteDir, targetUrl);
  const backupDir = moveAside(dataDir, pgliteDir, now);
  const report = { ...copied, backupDir, milliseconds: Math.round(performance.now() - started) };
  log(
    `${report.alreadyCopied ? 'PostgreSQL already held the PGlite database' : 'Copied the PGlite database into PostgreSQL'}: ` +
      `${report.tables} tables, ${report.rows.toLocaleString('en-US')} rows in ` +
      `${(report.milliseconds / 1000).toFixed(1)} s; the old files are in ${backupDir}`,
  );
  return report;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Copied = Omit<UpgradeReport, 'backupDir' | 'milliseconds'>;

async function copyFrom(pgliteDir: string, targetUrl: string): Promise<Copied> {
  try {
    const source = await openSource(pgliteDir);
    try {
      return await copyInto(source, targetUrl);
    } finally {
      await source.close();
    }
  } catch (error) {
    throw new PgliteUpgradeError(
      `Could not copy the PGlite database in ${pgliteDir} into PostgreSQL: ${reasonOf(error)}. ` +
        'Nothing was written to PostgreSQL and the PGlite files are untouched; Relate does not start ' +
        'on an empty database instead.',
      { cause: error },
    );
  }
}

/** The PGlite cluster, its pending migrations run, in a session that renders values as the target's does. */
async function openSource(pgliteDir: string): Promise<PGlite> {
  // Loaded only for an upgrade: a server on PostgreSQL otherwise never needs PGlite.
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const source = await PGlite.create(pgliteDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  try {
    await migrate(drizzle({ client: source }), { migrationsFolder });
    for (const [name, value] of Object.entries(RENDERING_SETTINGS))
      await source.query('select set_config($1, $2, false)', [name, value]);
    return source;
  } catch (error) {
    await source.close();
    throw error;
  }
}

async function copyInto(source: PGlite, targetUrl: string): Promise<Copied> {
  const sourceQuery: Query = async (text) => (await source.query(text)).rows as never;
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  const targetQuery: Query = async (text) => (await target.query(text)).rows;
  try {
    await target.query('begin');
    for (const [name, value] of Object.entries(RENDERING_SETTINGS))
      await target.query('select set_config($1, $2, true)', [name, value]);
    // Rows go in as they are, in any order: no foreign-key checks, and no triggers (the counts and
    // statistics tables they keep come from PGlite already).
    await target.query('set local session_replication_role = replica');
    const tables = await publicTables(sourceQuery);
    checkSameTables(tables, await publicTables(targetQuery));
    const occupied = await occupiedTables(targetQuery, tables);
    if (occupied.length > 0) {
      const earlier = await compareTables(sourceQuery, targetQuery, tables);
      if (earlier.differences.length > 0)
        throw new Error(`PostgreSQL already holds rows (in ${occupied.join(', ')})`);
      await target.query('rollback');
      return { tables: tables.length, rows: earlier.rows, sequences: 0, alreadyCopied: true };
    }
    for (const table of tables) await copyTable(source, target, table);
    const sequences = await copySequences(sourceQuery, target);
    const { rows, differences } = await compareTables(sourceQuery, targetQuery, tables);
    if (differences.length > 0) throw new Error(`the copy differs: ${differences.join('; ')}`);
    await target.query('commit');
    // The planner's statistics for the first requests, before autovacuum gets to the new tables.
    await target.query('analyze').catch(() => {});
    return { tables: tables.length, rows, sequences, alreadyCopied: false };
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  } finally {
    await target.end().catch(() => {});
  }
}

/** Every PGlite table must exist in PostgreSQL with every column the copy carries. */
function checkSameTables(source: CopiedTable[], target: CopiedTable[]) {
  const targetColumns = new Map(target.map((table) => [table.name, new Set(table.columns)]));
  for (const table of source) {
    const columns = targetColumns.get(table.name);
    if (!columns) throw new Error(`PostgreSQL has no table ${table.name}`);
    const missing = table.columns.filter((column) => !columns.has(column));
    if (missing.length > 0) throw new Error(`PostgreSQL's ${table.name} has no column ${missing.join(', ')}`);
  }
}

async function occupiedTables(target: Query, tables: CopiedTable[]): Promise<string[]> {
  const occupied: string[] = [];
  for (const table of tables) {
    const [{ found }] = await target<{ found: boolean }>(
      `select exists (select from ${quoteName(table.name)}) as found`,
    );
    if (found) occupied.push(table.name);
  }
  return occupied;
}

/** Renames the PGlite directory to `pglite-backup-<date>` beside it (`-2`, `-3`… if that name is taken). */
function moveAside(dataDir: string, pgliteDir: string, now: Date): string {
  const base = path.join(dataDir, `pglite-backup-${now.toISOString().slice(0, 10)}`);
  let backupDir = base;
  for (let suffix = 2; fs.existsSync(backupDir); suffix++) backupDir = `${base}-${suffix}`;
  try {
    fs.renameSync(pgliteDir, backupDir);
  } catch (error) {
    throw new PgliteUpgradeError(
      `The PGlite database is now in PostgreSQL, but its files in ${pgliteDir} could not be moved to ` +
        `${backupDir} (${reasonOf(error)}); the next start finds the copy done and moves them.`,
      { cause: error },
    );
  }
  return backupDir;
}
