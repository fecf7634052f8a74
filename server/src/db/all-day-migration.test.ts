import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const migration = fs.readFileSync(
  path.resolve(import.meta.dirname, 'migrations/0012_all_day_events_on_utc_dates.sql'),
  'utf8',
);

const utc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`);

async function rows(): Promise<Record<string, string | null>[]> {
  const result = await t.database.db.execute(
    sql`select title, ${utc('start_at')} as start, ${utc('end_at')} as end, ${utc('repeat_end_date')} as repeat_end
        from events order by id`,
  );
  return (result as unknown as { rows: Record<string, string | null>[] }).rows;
}

it('moves all-day events saved at a browser’s local midnight onto the same dates in UTC', async () => {
  const user = await createUser(t.app);
  await t.database.db.execute(sql`
    insert into events (owner_id, title, start_at, end_at, all_day, timezone, repeat_end_date) values
      (${user.id}, 'Berlin', '2026-12-23 23:00Z', '2026-12-24 22:59:59Z', true, 'Europe/Berlin', null),
      (${user.id}, 'Los Angeles series', '2026-12-24 08:00Z', '2026-12-25 07:59:59Z', true,
        'America/Los_Angeles', '2027-01-08 07:59:59Z'),
      (${user.id}, 'Already UTC', '2026-12-24 00:00Z', '2026-12-24 23:59:59Z', true, 'America/New_York', null),
      (${user.id}, 'Timed', '2026-12-23 23:00Z', '2026-12-24 00:00Z', false, 'Europe/Berlin', null)`);

  await t.database.db.execute(sql.raw(migration));

  expect(await rows()).toEqual([
    { title: 'Berlin', start: '2026-12-24 00:00:00', end: '2026-12-24 23:59:59', repeat_end: null },
    {
      title: 'Los Angeles series',
      start: '2026-12-24 00:00:00',
      end: '2026-12-24 23:59:59',
      repeat_end: '2027-01-07 23:59:59',
    },
    {
      title: 'Already UTC',
      start: '2026-12-24 00:00:00',
      end: '2026-12-24 23:59:59',
      repeat_end: null,
    },
    { title: 'Timed', start: '2026-12-23 23:00:00', end: '2026-12-24 00:00:00', repeat_end: null },
  ]);
});
