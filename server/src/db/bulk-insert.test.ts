import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { copyColumns, copyInto } from './bulk-insert';
import { copyLines } from './copy-format';
import { companies, contacts } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The rows as COPY text, 1,000 at a time, as an import's worker sends them. */
async function* copyText<T extends Record<string, unknown>>(
  table: Parameters<typeof copyColumns>[0],
  keys: string[],
  rows: T[],
) {
  for (let start = 0; start < rows.length; start += 1000)
    yield { keys, text: copyLines(copyColumns(table, keys), rows.slice(start, start + 1000)) };
}

it('streams rows in with awkward text, NULLs, JSON and dates intact (COPY on both databases)', async () => {
  const user = await createUser(t.app);
  const awkward = 'tab\there, line\nbreak, carriage\rreturn, back\\slash, \\N, quote " and émoji 🎉';
  const rows = Array.from({ length: 2500 }, (_, index) => ({
    userId: user.id,
    firstName: index === 0 ? awkward : `Person ${index}`,
    lastName: index === 0 ? null : 'Streamed',
    notes: index === 0 ? '' : undefined,
    lastContactDate: index === 0 ? new Date('2024-05-01T10:00:00.000Z') : null,
    customFields: index === 0 ? { 'Met at': 'Berlin\tfair', Level: '\\1' } : {},
  }));
  const keys = ['userId', 'firstName', 'lastName', 'notes', 'lastContactDate', 'customFields'];
  await t.database.db.transaction((tx) => copyInto(tx, contacts, copyText(contacts, keys, rows)));

  const stored = await t.database.db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, user.id))
    .orderBy(contacts.id);
  expect(stored).toHaveLength(2500);
  expect(stored[0]).toMatchObject({
    firstName: awkward,
    lastName: null,
    notes: '',
    lastContactDate: new Date('2024-05-01T10:00:00.000Z'),
    customFields: { 'Met at': 'Berlin\tfair', Level: '\\1' },
  });
  expect(stored[2499]).toMatchObject({
    firstName: 'Person 2499',
    lastName: 'Streamed',
    notes: null,
    customFields: {},
  });
});

it('writes nothing when the rows fail part-way, the transaction rolling back', async () => {
  const user = await createUser(t.app);
  const keys = ['userId', 'firstName', 'customFields'];
  async function* failing() {
    const rows = Array.from({ length: 1500 }, (_, index) => ({
      userId: user.id,
      firstName: `P${index}`,
      customFields: {},
    }));
    yield* copyText(contacts, keys, rows);
    throw new Error('the file ended early');
  }
  await expect(t.database.db.transaction((tx) => copyInto(tx, contacts, failing()))).rejects.toThrow(
    'the file ended early',
  );
  expect(await t.database.db.select().from(contacts).where(eq(contacts.userId, user.id))).toEqual([]);
});

it('streams text arrays with quotes, commas, braces and backslashes intact', async () => {
  const user = await createUser(t.app);
  const tags = ['say "hi"', 'a, b', '{braces}', 'back\\slash', 'tab\there', ''];
  const keys = ['userId', 'record', 'tags', 'domains'];
  const rows = [{ userId: user.id, record: 'Acme', tags, domains: [] }];
  await t.database.db.transaction((tx) => copyInto(tx, companies, copyText(companies, keys, rows)));
  const [stored] = await t.database.db.select().from(companies).where(eq(companies.userId, user.id));
  expect(stored).toMatchObject({ record: 'Acme', tags, domains: [], twitterFollowerCount: 0 });
});

it('writes batches whose columns differ, each row with its own columns and the others at their defaults', async () => {
  const user = await createUser(t.app);
  const named = ['userId', 'firstName'];
  const withFields = ['userId', 'firstName', 'customFields'];
  const batches = [
    { keys: named, text: copyLines(copyColumns(contacts, named), [{ userId: user.id, firstName: 'One' }]) },
    {
      keys: named,
      text: new TextEncoder().encode(
        copyLines(copyColumns(contacts, named), [{ userId: user.id, firstName: 'Two' }]),
      ),
    },
    {
      keys: withFields,
      text: copyLines(copyColumns(contacts, withFields), [
        { userId: user.id, firstName: 'Three', customFields: { Met: 'Oslo' } },
      ]),
    },
    { keys: named, text: copyLines(copyColumns(contacts, named), [{ userId: user.id, firstName: 'Four' }]) },
  ];
  await t.database.db.transaction((tx) => copyInto(tx, contacts, batches));
  const stored = await t.database.db
    .select({ firstName: contacts.firstName, customFields: contacts.customFields })
    .from(contacts)
    .where(eq(contacts.userId, user.id))
    .orderBy(contacts.id);
  expect(stored).toEqual([
    { firstName: 'One', customFields: {} },
    { firstName: 'Two', customFields: {} },
    { firstName: 'Three', customFields: { Met: 'Oslo' } },
    { firstName: 'Four', customFields: {} },
  ]);
});
