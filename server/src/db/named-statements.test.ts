import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { toAuthUser } from '../modules/users/users.mappers';
import { UsersRepository } from '../modules/users/users.repository';
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

describe('the signed-in account, read by its named statement', () => {
  it('is the account as its whole row says, and nothing for an id that does not exist', async () => {
    const { id } = await createUser(t.app);
    await t.app.services.users.setStatus(id, 'approved');
    const repository = new UsersRepository(t.database.db);
    const row = (await repository.findById(id))!;
    await repository.update(id, { fullName: 'Ada "Countess" Lovelace' });
    expect(await repository.findAuthUser(id)).toStrictEqual(
      toAuthUser({ ...row, fullName: 'Ada "Countess" Lovelace' }),
    );
    expect(await repository.findAuthUser(id + 10_000)).toBeUndefined();
  });
});
