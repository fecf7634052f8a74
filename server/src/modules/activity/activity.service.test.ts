import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotsTestApp, createBotsTestApp, linkTelegram } from '../../../test/fakes/bots';
import type { TelegramUser } from '../../../test/fakes/telegram/server';
import { multipart } from '../../../test/multipart';
import { createUser, type TestUser } from '../../../test/test-app';
import { mentionedEmails } from './activity.service';

let t: BotsTestApp;
let ann: TestUser;
let ben: TestUser;
const bert: TelegramUser = { id: 555666777, first_name: 'Bert' };

beforeAll(async () => {
  t = await createBotsTestApp();
  await createUser(t.app);
  ann = await createUser(t.app, { fullName: 'Ann Owner', email: 'ann@example.com' });
  ben = await createUser(t.app, { fullName: 'Ben Member', email: 'ben@example.com' });
  const owner = (await t.app.services.users.get(ann.id))!;
  const member = (await t.app.services.users.get(ben.id))!;
  const { member: invitation } = await t.app.services.groups.invite(owner, { email: ben.email, name: 'Ben' });
  await t.app.services.groups.approve(member, invitation.id, 'Ann');
  await linkTelegram(t, ben, bert);
});
afterAll(() => t.close());

const importRows = async (importId: number) => {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from activities where import_id = ${importId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
};

const entriesOf = async (userId: number, contactId: number) => {
  const user = (await t.app.services.users.get(userId))!;
  return (await t.app.services.activity.timeline(user, { contactId }, { limit: 50 })).entries;
};

describe('mentions', () => {
  it('are e-mails after @, case-insensitive, a sentence’s full stop left out', () => {
    expect([...mentionedEmails('Ask @Ben@Example.com. Not me@example.com, but @ann@example.com!')]).toEqual([
      'ben@example.com',
      'ann@example.com',
    ]);
  });

  it('reach the mentioned member through their bot', async () => {
    const owner = (await t.app.services.users.get(ann.id))!;
    const contact = await t.app.services.contacts.create(ann.id, {
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    const before = t.telegram.messagesTo(bert.id).length;
    await t.app.services.activity.addNote(owner, { contactId: contact.id }, 'Call her, @ben@example.com');
    await t.app.services.jobs.runDue();
    const sent = t.telegram.messagesTo(bert.id).slice(before);
    expect(sent.map((message) => message.text)).toEqual([
      '<b>🔔 Relate</b>\nAnn Owner mentioned you in a note on Ada Lovelace: “Call her, @ben@example.com”',
    ]);
  });
});

describe('Google sync changes', () => {
  it('are on the timeline as sync entries, with before and after, without an actor', async () => {
    const [id] = await t.app.services.contacts.createMany(ann.id, [
      { first_name: 'Grace', email: 'g@example.com' },
    ]);
    await t.app.services.contacts.updateRow(ann.id, id, { email: 'grace@example.com' });
    const entries = await entriesOf(ann.id, id);
    expect(
      entries.map(({ type, detail, changes, actor_name }) => ({ type, detail, changes, actor_name })),
    ).toEqual([
      {
        type: 'sync',
        detail: 'Changed by the Google Contacts sync',
        changes: [{ field: 'email', before: 'g@example.com', after: 'grace@example.com' }],
        actor_name: null,
      },
      { type: 'sync', detail: 'Added from Google Contacts', changes: [], actor_name: null },
    ]);
  });
});

describe('a large import', () => {
  it('writes one timeline row for the whole import, shown on each of its contacts', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `Person ${i},p${i}@example.com`);
    const csv = `First Name,Email\n${lines.join('\n')}\n`;
    const body = multipart(
      { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
      { name: 'big.csv', content: csv },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/csv/import-with-mapping',
      payload: body.payload,
      headers: { ...ann.headers, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    const importId = response.json().import_id as number;
    expect(await importRows(importId)).toBe(1);
    const person = (await t.as(ann).get('/api/people?q=p1999@example.com')).json().people[0];
    expect((await entriesOf(ann.id, person.id)).map((entry) => entry.detail)).toEqual([
      'Imported from a CSV file with 2,000 contacts',
    ]);
    // Undoing the import takes its entry along.
    expect((await t.as(ann).delete(`/api/csv/imports/${importId}`)).statusCode).toBe(200);
    expect(await importRows(importId)).toBe(0);
  });
});
