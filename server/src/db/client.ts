import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import { upgradeFromPglite } from './pglite-upgrade';
import * as schema from './schema';

/** A Drizzle database or transaction: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** node-postgres's pool counts: connections open, of which idle, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export type NotificationHandler = (payload: string) => void;

export interface DatabaseHandle {
  db: Database;
  /** A PostgreSQL server's connection URL (backups open their own connection). */
  url?: string;
  /** The PostgreSQL server Relate runs itself in DATA_DIR (embedded-postgres.ts), when it is that one. */
  embedded?: { directory: string };
  ping(): Promise<void>;
  /** Whether every migration this version ships has been applied (readiness; a newer version may have applied more). */
  migrationsApplied(): Promise<boolean>;
  /** The connection pool's use right now (metrics). */
  poolUse(): PoolUse;
  /** Subscribes to a PostgreSQL LISTEN channel; returns the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK_KEY = 7_200_211;

let newestMigration: number | undefined;
/** The `when` of this version's newest migration in the journal: drizzle records it as `created_at` once applied. */
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    newestMigration = Math.max(0, ...journal.entries.map((entry: { when: number }) => entry.when));
  }
  return newestMigration;
}

/**
 * Drizzle's own rule: a migration is applied when the newest recorded one is at least as new. A process
 * of the previous version beside a newer one (a rolling deploy) sees more than it ships, and is ready.
 */
async function migrationsAppliedOn(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query<{ newest: string | null }>(
    'select max(created_at) as newest from drizzle.__drizzle_migrations',
  );
  return Number(result.rows[0]?.newest ?? 0) >= newestMigrationMillis();
}

/** A node-postgres pool on `url`. Migrations run under an advisory lock so that processes starting together don't race. */
export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  // Named statements (the lists', named-statements.ts) are planned for each execution's own parameters.
  const pool = new pg.Pool({
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
  const listener = new PostgresListener(url);
  return {
    db: db as unknown as Database,
    url,
    async ping() {
      await db.execute(sql`select 1`);
    },
    migrationsApplied: () => migrationsAppliedOn(pool),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', () => this.reconnect());
      await client.connect();
      for (const channel of this.handlers.keys())
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
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
