import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './client';
import { keepPlan } from './prepared';
import { users } from './schema';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`insert into users (email, status) values ('a@example.com', 'approved'),
    ('b@example.com', 'pending')`);
});
afterAll(() => database.close());

const byId = () =>
  database.db
    .select({
      email: sql<string>`${users.email}`.as('email'),
      status: sql<string>`${users.status}`.as('status'),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')));

describe('a statement whose plan is kept', () => {
  it('answers each execution for its own values, past the executions PostgreSQL plans one by one', async () => {
    const statement = keepPlan(database.db, database.kind, 'test_user_by_id', byId());
    const [a] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'a@example.com'));
    for (let run = 0; run < 8; run++) {
      expect(await statement.execute({ id: a.id })).toEqual([{ email: 'a@example.com', status: 'approved' }]);
      expect(await statement.execute({ id: a.id + 1 })).toEqual([
        { email: 'b@example.com', status: 'pending' },
      ]);
      expect(await statement.execute({ id: -1 })).toEqual([]);
    }
  });

  it('is the same statement for two users of the name on one database (two apps, one PGlite)', async () => {
    const first = keepPlan(database.db, database.kind, 'test_shared_name', byId());
    const second = keepPlan(database.db, database.kind, 'test_shared_name', byId());
    expect(await first.execute({ id: -1 })).toEqual([]);
    expect(await second.execute({ id: -1 })).toEqual([]);
  });

  it.runIf(process.env.RELATE_TEST_DB !== 'postgres')(
    'refuses a value that is not an integer, which PGlite would write into its EXECUTE',
    async () => {
      const statement = keepPlan(database.db, database.kind, 'test_integers_only', byId());
      await expect(statement.execute({ id: '1); drop table users; --' })).rejects.toThrow(
        'must be an integer',
      );
      expect(await statement.execute({ id: -1 })).toEqual([]);
    },
  );
});
