import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { runNamed } from './named-statements';
import { users } from './schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('named statements', () => {
  it('answer the rows drizzle would, keyed by alias, for each parameter in turn', async () => {
    const ids = [(await createUser(t.app)).id, (await createUser(t.app)).id];
    const { db } = t.database;
    for (let round = 0; round < 7; round++) {
      for (const id of ids) {
        const query = db
          .select({ id: users.id, doubled: sql<number>`${users.id} * 2`.as('doubled') })
          .from(users)
          .where(sql`${users.id} = ${id}`);
        expect(await runNamed(db, query)).toEqual([{ id, doubled: id * 2 }]);
      }
    }
  });

  it('are planned for their own parameters on PostgreSQL: no plan kept for one user serves another', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select current_setting('plan_cache_mode') as mode`,
    )) as unknown as {
      rows: { mode: string }[];
    };
    expect(rows).toEqual([{ mode: t.database.kind === 'postgres' ? 'force_custom_plan' : 'auto' }]);
  });
});
