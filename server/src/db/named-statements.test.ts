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

  it('take every kind of parameter the lists use: integer arrays, text that needs quoting, nulls, dates', async () => {
    const { db } = t.database;
    const when = new Date('2026-02-03T04:05:06.789Z');
    const text = `O'Brien "quoted" \\ back\nslash ✓`;
    const query = db
      .select({
        ids: sql<string>`array_to_string(${sql.param([3, 1, 2])}::integer[], ',')`.as('ids'),
        hidden: sql<boolean>`5 <> all(${sql.param([4, 6])}::integer[])`.as('hidden'),
        text: sql<string>`${text}::text`.as('text'),
        missing: sql<string | null>`${null}::text`.as('missing'),
        when: sql<string>`to_char(${when.toISOString()}::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')`.as(
          'when',
        ),
      })
      .from(sql`(select 1) as one`);
    for (let round = 0; round < 2; round++) {
      expect(await runNamed(db, query)).toEqual([
        { ids: '3,1,2', hidden: true, text, missing: null, when: '2026-02-03 04:05:06.789' },
      ]);
    }
  });

  it('never run inside an open transaction of another request, and see only what it committed', async () => {
    const { db } = t.database;
    const email = `in-flight-${Date.now()}@example.com`;
    const count = db
      .select({ found: sql<number>`count(*)::int`.as('found') })
      .from(users)
      .where(sql`${users.email} = ${email}`);
    await runNamed(db, count); // parsed before the transaction starts
    let committed = false;
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email, fullName: 'In Flight', passwordHash: null });
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 100));
      })
      .then(() => {
        committed = true;
      });
    await insertedSignal;
    const [{ found }] = await runNamed(db, count);
    expect(found).toBe(committed ? 1 : 0);
    await transaction;
    expect(await runNamed(db, count)).toEqual([{ found: 1 }]);
  });

  it('report an error of one run and leave the connection working', async () => {
    const { db } = t.database;
    const divide = (by: number) =>
      db.select({ quotient: sql<number>`(10 / ${by}::int)`.as('quotient') }).from(sql`(select 1) as one`);
    expect(await runNamed(db, divide(2))).toEqual([{ quotient: 5 }]);
    await expect(runNamed(db, divide(0))).rejects.toThrow(/division by zero/);
    expect(await runNamed(db, divide(5))).toEqual([{ quotient: 2 }]);
    const { rows } = (await db.execute(sql`select 7 as seven`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ seven: 7 }]);
  });

  it('are planned for their own parameters: no plan kept for one user serves another', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select current_setting('plan_cache_mode') as mode`,
    )) as unknown as {
      rows: { mode: string }[];
    };
    expect(rows).toEqual([{ mode: 'force_custom_plan' }]);
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
