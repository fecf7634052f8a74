import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0026 on a database that already holds contacts and imports (decision 0031): contact_stats
 * starts from every existing contact and each import's row_count from its own user's contacts, and the
 * triggers keep both from then on. (PGlite only: the SQL is the same on PostgreSQL.)
 */
const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations');
const TAG = '0026_contact_stats';

describe.runIf(process.env.RELATE_TEST_DB !== 'postgres')('migration 0026 on existing data', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    // Every migration but 0026, as a database created before it has them.
    before = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-migration-'));
    fs.mkdirSync(path.join(before, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag !== TAG);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries as { tag: string }[])
      fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: before });
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it("counts every user's contacts and each import's own, then keeps them", async () => {
    await client.exec(`
      insert into users (id, email, status) overriding system value values (1, 'a@example.com', 'approved'),
        (2, 'b@example.com', 'approved'), (3, 'c@example.com', 'approved');
      insert into contact_imports (id, user_id, pending) overriding system value values
        (10, 1, false), (11, 1, true), (12, 2, false);
      insert into contacts (user_id, first_name, import_id) values
        (1, 'Ada', null), (1, 'Grace', 10), (1, 'Alan', 10), (1, 'Staged', 11),
        (2, 'Linus', 12), (2, 'Not an import of 2', 10);`);

    const sql = fs.readFileSync(path.join(MIGRATIONS, `${TAG}.sql`), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) await client.exec(statement);

    const stats = async () =>
      (await client.query('select user_id, total from contact_stats order by user_id')).rows;
    const imports = async () =>
      (await client.query('select id, row_count from contact_imports order by id')).rows;
    expect(await stats()).toEqual([
      { user_id: 1, total: 4 },
      { user_id: 2, total: 2 },
    ]);
    expect(await imports()).toEqual([
      { id: 10, row_count: 2 },
      { id: 11, row_count: 1 },
      { id: 12, row_count: 1 },
    ]);

    await client.exec(
      `insert into contacts (user_id, first_name, import_id) values (3, 'Edsger', null), (1, 'Barbara', 11)`,
    );
    await client.exec(`delete from contacts where first_name in ('Grace', 'Linus')`);
    expect(await stats()).toEqual([
      { user_id: 1, total: 4 },
      { user_id: 2, total: 1 },
      { user_id: 3, total: 1 },
    ]);
    expect(await imports()).toEqual([
      { id: 10, row_count: 1 },
      { id: 11, row_count: 2 },
      { id: 12, row_count: 0 },
    ]);
  });
});
