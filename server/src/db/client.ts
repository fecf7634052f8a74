import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import { enableNamedStatements } from './pglite-statements';
import { upgradeFromPglite } from './pglite-upgrade';
import * as schema from './schema';
import { QueryTurns } from './turns';

/** A Drizzle database or transaction: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type NotificationHandler = (payload: string) => void;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A PostgreSQL server's connection URL (backups open their own connection). */
  url?: string;
  /** The PostgreSQL server Relate runs itself in DATA_DIR (embedded-postgres.ts), when it is that one. */
  embedded?: { directory: string };
  /** How background work (imports) gives way to requests' queries between its statements. */
  turns: QueryTurns;
  ping(): Promise<void>;
  /** Subscribes to a PostgreSQL LISTEN channel; returns the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK_KEY = 7_200_211;

/**
 * PostgreSQL settings for the embedded database (decisions 0018 and 0030).
 * - PGlite reserves its shared buffers inside the server process up front: 32 MB instead of PostgreSQL's
 *   128 MB keeps an idle server holding 100,000 contacts at about 285 MB instead of 384 MB. 16 MB gave
 *   about 240 MB, but the availability test's 50,000-company import then missed its 500 ms bound in CI
 *   once (decision 33); the operating system still caches the data files.
 * - PGlite runs every statement on the event loop's thread, so no statement may be long whatever the
 *   data's size. Three kinds were, during a 100,000-row import (CPU time, this machine):
 *   - a new 16 MB WAL segment filled with zeroes first: 50-100 ms every 16 MB of WAL
 *     (`wal_init_zero = off` writes only its last byte, as on copy-on-write file systems);
 *   - a trigram index's 4 MB list of pending entries merged into the index: about 45 ms every 5,000 rows
 *     (`gin_pending_list_limit = 1MB` merges a quarter as much four times as often, same total);
 *   - ANALYZE reading a sample of 30,000 rows: 310-335 ms after every import (`default_statistics_target
 *     = 10` samples 3,000 rows: about 30 ms, and the search still reads the trigram index).
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '32MB',
  wal_init_zero: 'off',
  gin_pending_list_limit: '1MB',
  default_statistics_target: '10',
  // Named statements are planned for each run's own parameters, as on PostgreSQL (named-statements.ts).
  plan_cache_mode: 'force_custom_plan',
};

const require = createRequire(import.meta.url);

/** Creates a PGlite data directory (initdb) in a child process; see createPgliteDirectory. */
const CREATE_DIRECTORY_SCRIPT = `
const [pglite, trgm, dataDir, startParams] = process.argv.slice(1);
const { PGlite } = await import(pglite);
const { pg_trgm } = await import(trgm);
const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: JSON.parse(startParams) });
await client.close();`;

/**
 * A new data directory is created by a short-lived child process rather than in the server's own. PGlite
 * runs initdb in a WebAssembly instance of its own, and the server process kept what it had touched
 * (about 700 MB resident after a first start instead of about 240 MB) until a large garbage collection
 * happened to free it; a process that exits gives it all back.
 */
async function createPgliteDirectory(dataDir: string, startParams: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '--eval',
    CREATE_DIRECTORY_SCRIPT,
    pathToFileURL(require.resolve('@electric-sql/pglite')).href,
    pathToFileURL(require.resolve('@electric-sql/pglite/contrib/pg_trgm')).href,
    dataDir,
    JSON.stringify(startParams),
  ]);
}

/**
 * PGlite in `dataDir`, or in memory when `dataDir` is undefined, starting from the `loadDataDir` tarball
 * (`dumpDataDir`) if given. Runs pending migrations.
 */
export async function openPglite(
  dataDir: string | undefined,
  settings: Record<string, string> = PGLITE_SETTINGS,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  if (dataDir && !loadDataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    await createPgliteDirectory(dataDir, startParams);
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    startParams,
    loadDataDir,
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder });
  const turns = new QueryTurns(client);
  enableNamedStatements(client, turns);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    turns,
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, handler) {
      return client.listen(channel, handler);
    },
    async close() {
      if (client.closed) return;
      await client.query('CHECKPOINT');
      await client.close();
    },
  };
}

/** A node-postgres pool on `url`. Migrations run under an advisory lock so that processes starting together don't race. */
export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  // Loaded here, not at the top: a server on PGlite never needs them (about 17 MB resident).
  const [{ default: pgModule }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Named statements (the lists', named-statements.ts) are planned for each execution's own parameters.
  const pool = new pgModule.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const listener = new PostgresListener(pgModule, url);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    url,
    turns: new QueryTurns(),
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** One dedicated connection per process carries every LISTEN; it reconnects when dropped. */
class PostgresListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;

  constructor(
    private readonly pgModule: typeof pg,
    private readonly url: string,
  ) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${this.pgModule.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new this.pgModule.Client({ connectionString: this.url });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', () => this.reconnect());
      await client.connect();
      for (const channel of this.handlers.keys())
        await client.query(`LISTEN ${this.pgModule.escapeIdentifier(channel)}`);
      this.client = client;
      this.connecting = undefined;
      return client;
    })();
    return this.connecting;
  }

  private reconnect() {
    const old = this.client;
    this.client = undefined;
    old?.end().catch(() => {});
    if (this.closed) return;
    setTimeout(() => {
      if (!this.closed && this.handlers.size > 0) this.connect().catch(() => this.reconnect());
    }, 1000).unref();
  }

  async close() {
    this.closed = true;
    await this.client?.end().catch(() => {});
    this.client = undefined;
  }
}

/**
 * With DATABASE_URL, that PostgreSQL server. Without, Relate's own PostgreSQL server in DATA_DIR
 * (embedded-postgres.ts), started here and stopped by the handle's close().
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  log?: (line: string) => void;
}): Promise<DatabaseHandle> {
  const poolSize = options.poolSize ?? 10;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, poolSize);
  const log = options.log ?? (() => {});
  // The pool, the LISTEN connection, migrations' own, and room for a second look (psql, a backup).
  const server = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    maxConnections: poolSize + 20,
    log,
  });
  try {
    const handle = await openPostgres(server.url, poolSize);
    // A DATA_DIR an earlier version ran on PGlite: its rows come over before anything else reads them.
    await upgradeFromPglite({ dataDir: options.dataDir, targetUrl: server.url, log }).catch(async (error) => {
      await handle.close();
      throw error;
    });
    return {
      ...handle,
      embedded: { directory: server.directory },
      async close() {
        try {
          await handle.close();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
