import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../test/migrations-before';

/**
 * Migration 0024 on a database that already holds contacts and companies (decision 0028): the stored
 * search texts are filled in for existing rows, the trigram indexes move onto them, and company_stats
 * starts from the existing companies. (PGlite only: the SQL is the same on PostgreSQL.)
 */
const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations');
const TAG = '0024_list_performance';

// On PGlite: an earlier version's PGlite DATA_DIR runs its pending migrations before it is copied to
// PostgreSQL (pglite-upgrade.ts).
describe('migration 0024 on existing data', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    before = migrationsBefore(TAG);
    client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: before });
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('fills the search texts, moves the trigram indexes onto them and counts the existing companies', async () => {
    await client.exec(`
      insert into users (id, email, status) overriding system value values (1, 'a@example.com', 'approved'),
        (2, 'b@example.com', 'approved'), (3, 'c@example.com', 'approved');
      insert into contacts (user_id, full_name, first_name, email, organization, notes)
        values (1, 'Émile Durkheim', 'Émile', 'EMILE@Example.com', 'École Normale', null);
      insert into companies (user_id, record, connection_strength, tags, domains) values
        (1, 'Acme', 'strong', '{Robots}', '{acme.example}'), (1, 'Globex', null, '{}', '{}'),
        (1, 'Initech', 'strong', '{}', '{}'), (2, 'Hooli', 'weak', '{}', '{}');`);

    const sql = fs.readFileSync(path.join(MIGRATIONS, `${TAG}.sql`), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) await client.exec(statement);

    const contact = await client.query<{ search_text: string }>('select search_text from contacts');
    expect(contact.rows[0].search_text).toBe('émile durkheim\némile\nemile@example.com\nécole normale');
    const company = await client.query<{ search_text: string }>(
      `select search_text from companies where record = 'Acme'`,
    );
    expect(company.rows[0].search_text).toBe('acme\nrobots\nacme.example');

    const indexes = await client.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname in
        ('contacts_search_text_trgm_idx', 'companies_search_trgm_idx', 'contacts_user_created_at_idx')
       order by indexname`,
    );
    expect(indexes.rows.map((row) => row.indexdef)).toEqual([
      expect.stringContaining('gin (search_text gin_trgm_ops)'),
      expect.stringContaining('gin (search_text gin_trgm_ops)'),
      expect.stringContaining('btree (user_id, created_at, id) INCLUDE (import_id)'),
    ]);

    const stats = await client.query('select user_id, total, active from company_stats order by user_id');
    expect(stats.rows).toEqual([
      { user_id: 1, total: 3, active: 2 },
      { user_id: 2, total: 1, active: 0 },
    ]);
    // And from here on the triggers keep them.
    await client.exec(
      `insert into companies (user_id, record, connection_strength) values (3, 'Stark', 'strong')`,
    );
    await client.exec(`delete from companies where record = 'Initech'`);
    const after = await client.query('select user_id, total, active from company_stats order by user_id');
    expect(after.rows).toEqual([
      { user_id: 1, total: 2, active: 1 },
      { user_id: 2, total: 1, active: 0 },
      { user_id: 3, total: 1, active: 1 },
    ]);
  });
});
