import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle } from '../src/db/client';
import * as schema from '../src/db/schema';

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * A PGlite cluster in `dataDir`, as versions up to 0.1 kept in DATA_DIR/pgdata, migrated and opened as a
 * database handle: tests write an earlier version's data into it through today's services, then check
 * that the first start of this version copies it into PostgreSQL (pglite-upgrade.ts).
 */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    async ping() {
      await client.query('select 1');
    },
    migrationsApplied: async () => true,
    poolUse: () => ({ total: 1, idle: 1, waiting: 0 }),
    listen: (channel, handler) => client.listen(channel, handler),
    async close() {
      if (client.closed) return;
      await client.query('CHECKPOINT');
      await client.close();
    },
  };
}
