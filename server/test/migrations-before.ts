import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPostgresDatabase } from './test-database';

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * A migrations folder holding only the migrations before `tag`, as a database created before it has
 * them (for tests of a migration on existing data). Remove it when done.
 */
export function migrationsBefore(tag: string): string {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-migration-'));
  fs.mkdirSync(path.join(before, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  return before;
}

/**
 * A new PostgreSQL database migrated up to (not including) migration `tag`, with a client on it:
 * `migrate()` then runs `tag`'s statements one by one, as the migrator would. `close()` drops it all.
 */
export async function databaseBefore(tag: string) {
  const before = migrationsBefore(tag);
  const database = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('create extension if not exists pg_trgm');
  await migrate(drizzle({ client }), { migrationsFolder: before });
  return {
    client,
    async migrate() {
      const sql = fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8');
      for (const statement of sql.split('--> statement-breakpoint')) await client.query(statement);
    },
    async close() {
      await client.end();
      await database.drop();
      fs.rmSync(before, { recursive: true, force: true });
    },
  };
}
