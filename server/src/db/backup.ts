import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openPostgres } from './client';

/**
 * A Relate backup: one gzip file. Its first line is the JSON header; then, for each table in the
 * header's order (parents before the tables that reference them), the table's rows in COPY's text format
 * followed by a line `\.`. COPY's text format escapes every backslash and newline inside a value, so a
 * row is one line and no row can be `\.`.
 */
export const BACKUP_FORMAT = 'relate-backup';
const FORMAT_VERSION = 1;
const END_OF_TABLE = '\\.';
const FILE_PATTERN = /^relate-backup-.+\.relate\.gz$/;

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  relate_version: string;
  /** The last drizzle migration applied to the database backed up: its tag and its journal time. */
  migration: { tag: string | null; created_at: number };
  created_at: string;
  tables: BackupTable[];
}

export interface BackupFile {
  name: string;
  path: string;
  created_at: Date;
  size: number;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/** server/package.json from the sources, the root's from server/dist: the same version. */
const relateVersion = (): string =>
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
const quote = (name: string) => pg.escapeIdentifier(name);

/** The migration journal's tag for a migration's time (drizzle stores only the time and a hash). */
function migrationTag(createdAt: number): string | null {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.find((entry) => entry.when === createdAt)?.tag ?? null;
}

async function lastMigration(client: pg.Client): Promise<BackupHeader['migration']> {
  const { rows } = await client.query<{ created_at: string }>(
    'select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const createdAt = Number(rows[0]?.created_at ?? 0);
  return { tag: migrationTag(createdAt), created_at: createdAt };
}

/** The public schema's tables, each after the tables its foreign keys point to. */
async function tablesInOrder(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    group by c.relname order by c.relname`);
  const references = await client.query<{ child: string; parent: string }>(`
    select child.relname as child, parent.relname as parent
    from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  const parents = new Map<string, string[]>();
  for (const { child, parent } of references.rows)
    parents.set(child, [...(parents.get(child) ?? []), parent]);
  const ordered: { name: string; columns: string[] }[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const byName = new Map(tables.rows.map((table) => [table.name, table]));
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) place(parent);
    visiting.delete(name);
    placed.add(name);
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const table of tables.rows) place(table.name);
  return ordered;
}

async function write(stream: NodeJS.WritableStream, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

function countLines(chunk: Buffer): number {
  let lines = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  return lines;
}

function backupFileName(at: Date): string {
  return `relate-backup-${at.toISOString().replace(/:/g, '-')}.relate.gz`;
}

/**
 * Writes a consistent snapshot of the database at `databaseUrl` into a new file in `dir` while the server
 * runs: every table is read in one REPEATABLE READ, READ ONLY transaction. The file appears under its
 * name only once complete.
 */
export async function backupDatabase(
  databaseUrl: string,
  dir: string,
  now: Date = new Date(),
): Promise<BackupFile & { header: BackupHeader }> {
  // A backup holds every password hash and token: only the server's own user reads it.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = backupFileName(now);
  const target = path.join(dir, name);
  const partial = `${target}.partial`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const tables = await tablesInOrder(client);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      format_version: FORMAT_VERSION,
      relate_version: relateVersion(),
      migration: await lastMigration(client),
      created_at: now.toISOString(),
      tables: [],
    };
    for (const table of tables) {
      const { rows } = await client.query<{ rows: string }>(
        `select count(*) as rows from ${quote(table.name)}`,
      );
      header.tables.push({ ...table, rows: Number(rows[0].rows) });
    }
    const gzip = zlib.createGzip({ level: 6 });
    const file = fs.createWriteStream(partial, { mode: 0o600 });
    gzip.pipe(file);
    try {
      await write(gzip, `${JSON.stringify(header)}\n`);
      for (const table of header.tables) await copyTableOut(client, table, gzip);
      gzip.end();
      await finished(file);
    } catch (error) {
      gzip.destroy();
      file.destroy();
      fs.rmSync(partial, { force: true });
      throw error;
    }
    await client.query('commit');
    fs.renameSync(partial, target);
    return { name, path: target, created_at: now, size: fs.statSync(target).size, header };
  } finally {
    await client.end();
  }
}

async function copyTableOut(client: pg.Client, table: BackupTable, out: NodeJS.WritableStream) {
  const columns = table.columns.map(quote).join(', ');
  const rows = client.query(copyTo(`copy ${quote(table.name)} (${columns}) to stdout`));
  let lines = 0;
  for await (const chunk of rows as AsyncIterable<Buffer>) {
    lines += countLines(chunk);
    await write(out, chunk);
  }
  if (lines !== table.rows)
    throw new Error(`table ${table.name}: ${lines} rows copied, ${table.rows} counted in the same snapshot`);
  await write(out, `${END_OF_TABLE}\n`);
}

export class RestoreRefusedError extends Error {}

/**
 * Fills the empty database at `databaseUrl` from the backup `file`: runs the migrations first, refuses
 * (RestoreRefusedError, nothing written) when a table holds rows, then copies every table in one
 * transaction with the tables' own triggers off (the backup holds what they had written), sets every
 * sequence past its column's largest value and compares each table's row count with the header's.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<BackupHeader> {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
    throw new RestoreRefusedError(`No backup file at ${file}.`);
  const gunzip = zlib.createGunzip();
  const input = fs.createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  const lines = readline.createInterface({
    input: input.pipe(gunzip),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const iterator = lines[Symbol.asyncIterator]();
  const header = parseHeader((await iterator.next()).value);
  await (await openPostgres(databaseUrl, 1)).close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const target = await lastMigration(client);
    if (header.migration.created_at > target.created_at)
      throw new RestoreRefusedError(
        `This backup comes from a newer Relate (schema ${header.migration.tag ?? header.migration.created_at}, this one has ${target.tag}): restore it with that version or later.`,
      );
    await client.query('begin');
    await refuseUnlessEmpty(client, header);
    for (const table of header.tables) await copyTableIn(client, table, iterator);
    await setSequences(client, header);
    await compareCounts(client, header);
    await client.query('commit');
    for (const table of header.tables) await client.query(`analyze ${quote(table.name)}`);
    return header;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if (
      typeof (error as { code?: unknown }).code === 'string' &&
      (error as { code: string }).code.startsWith('Z_')
    )
      throw new RestoreRefusedError(`The backup file is damaged or cut short (${(error as Error).message}).`);
    throw error;
  } finally {
    lines.close();
    await client.end();
  }
}

function parseHeader(line: string | undefined): BackupHeader {
  let header: BackupHeader | undefined;
  try {
    header = line ? (JSON.parse(line) as BackupHeader) : undefined;
  } catch {
    header = undefined;
  }
  if (header?.format !== BACKUP_FORMAT) throw new RestoreRefusedError('This file is not a Relate backup.');
  if (header.format_version > FORMAT_VERSION)
    throw new RestoreRefusedError(
      `This backup's format (${header.format_version}) is newer than this Relate's.`,
    );
  return header;
}

async function refuseUnlessEmpty(client: pg.Client, header: BackupHeader): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`,
  );
  const existing = new Set(rows.map((row) => row.name));
  const missing = header.tables.filter((table) => !existing.has(table.name)).map((table) => table.name);
  if (missing.length > 0)
    throw new RestoreRefusedError(
      `The database has no table ${missing.join(', ')}: it is not Relate's schema.`,
    );
  const filled: string[] = [];
  for (const name of existing) {
    const { rows: any } = await client.query(`select 1 from ${quote(name)} limit 1`);
    if (any.length > 0) filled.push(name);
  }
  if (filled.length > 0)
    throw new RestoreRefusedError(
      `The database is not empty (rows in ${filled.sort().join(', ')}): restore into an empty database.`,
    );
}

/** Lines are handed to COPY in chunks of about this size. */
const CHUNK_BYTES = 256 * 1024;

async function copyTableIn(
  client: pg.Client,
  table: BackupTable,
  lines: AsyncIterator<string>,
): Promise<void> {
  const name = quote(table.name);
  await client.query(`alter table ${name} disable trigger user`);
  const copy = client.query(copyFrom(`copy ${name} (${table.columns.map(quote).join(', ')}) from stdin`));
  const done = finished(copy);
  try {
    await feedCopy(copy, table, lines);
  } catch (error) {
    // Ends the COPY (CopyFail) so that the connection can roll the transaction back.
    copy.destroy(error as Error);
    await done.catch(() => {});
    throw error;
  }
  await done;
  await client.query(`alter table ${name} enable trigger user`);
}

async function feedCopy(
  copy: NodeJS.WritableStream & { end(): void },
  table: BackupTable,
  lines: AsyncIterator<string>,
) {
  let chunk = '';
  for (;;) {
    const { value, done: ended } = await lines.next();
    if (ended)
      throw new RestoreRefusedError(`The backup ends inside table ${table.name}: the file is cut short.`);
    if (value === END_OF_TABLE) break;
    chunk += `${value}\n`;
    if (chunk.length >= CHUNK_BYTES) {
      await write(copy, chunk);
      chunk = '';
    }
  }
  if (chunk) await write(copy, chunk);
  copy.end();
}

/** Every sequence owned by a column (serial or identity) continues after the column's largest value. */
async function setSequences(client: pg.Client, header: BackupHeader): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(`
    select c.relname as table, a.attname as column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`);
  const restored = new Set(header.tables.map((table) => table.name));
  for (const row of rows) {
    if (!restored.has(row.table)) continue;
    await client.query(
      `select setval($1::regclass, coalesce((select max(${quote(row.column)}) from ${quote(row.table)}), 0) + 1, false)`,
      [row.sequence],
    );
  }
}

async function compareCounts(client: pg.Client, header: BackupHeader): Promise<void> {
  for (const table of header.tables) {
    const { rows } = await client.query<{ rows: string }>(
      `select count(*) as rows from ${quote(table.name)}`,
    );
    if (Number(rows[0].rows) !== table.rows)
      throw new Error(`table ${table.name}: ${rows[0].rows} rows restored, the backup holds ${table.rows}`);
  }
}

/** The backups in `dir`, oldest first (their names sort by time). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => FILE_PATTERN.test(name));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const stat = fs.statSync(path.join(dir, name));
    return { name, path: path.join(dir, name), created_at: stat.mtime, size: stat.size };
  });
}

/** Removes all but the newest `keep` backups in `dir`; answers the names removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = listBackups(dir);
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of removed) fs.rmSync(backup.path, { force: true });
  return removed.map((backup) => backup.name);
}
