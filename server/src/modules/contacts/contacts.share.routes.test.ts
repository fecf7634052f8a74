import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());

/** a invites b, who accepts. */
async function group(a: TestUser, b: TestUser) {
  const invitation = (await t.as(a).post('/api/user-group', { email: b.email, name: 'B' })).json().data.id;
  const accepted = await t.as(b).post('/api/user-group/approve-invitation', {
    invitation_id: invitation,
    display_name: 'A',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

const peopleOf = async (who: TestUser) => (await t.as(who).get('/api/people?page_size=500')).json().people;

describe('sharing contacts', () => {
  it('a custom-field name that is a formula, shared into another user’s fields, lands escaped in their export header', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    await group(ann, ben);
    const formula = '=HYPERLINK("http://evil.example","x")';
    const contact = (
      await t.as(ann).post('/api/people', { first_name: 'Eve', custom_fields: { [formula]: 'click' } })
    ).json();
    const shared = await t
      .as(ann)
      .post('/api/people/share', { user_ids: [ben.id], contact_ids: [contact.id] });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await t.as(ben).get('/api/custom-fields')).json().custom_fields).toContain(formula);

    const csv = (await t.as(ben).get('/api/people/export')).body.replace(/^\uFEFF/, '');
    const header = csv.slice(0, csv.indexOf('\n'));
    expect(header).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(header).not.toMatch(/(^|,)"?=/);
  });

  it('copies the contacts, custom fields included, to approved group members and notifies them', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    await group(ann, ben);
    const one = (
      await t.as(ann).post('/api/people', {
        first_name: 'Grace',
        last_name: 'Hopper',
        custom_fields: { Rank: 'Admiral' },
      })
    ).json();
    const two = (await t.as(ann).post('/api/people', { first_name: 'Alan', last_name: 'Turing' })).json();

    const response = await t.as(ann).post('/api/people/share', {
      user_ids: [ben.id],
      contact_ids: [one.id, two.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, shared_count: 2 });

    const copies = await peopleOf(ben);
    expect(copies.map((person: { full_name: string }) => person.full_name).sort()).toEqual([
      'Alan Turing',
      'Grace Hopper',
    ]);
    const grace = copies.find((person: { first_name: string }) => person.first_name === 'Grace');
    expect(grace).toMatchObject({ custom_fields: { Rank: 'Admiral' }, shared_by: ann.email });
    expect(grace.id).not.toBe(one.id);
    expect((await t.as(ben).get('/api/custom-fields')).json().custom_fields).toContain('Rank');

    const notifications = (await t.as(ben).get('/api/notifications')).json().notifications;
    expect(notifications[0]).toMatchObject({ notification_type: 'contact_shared', is_read: false });
    expect(notifications[0].notification).toContain('2 contacts');
    // Two contacts: no single subject to open; the notification leads to the contacts list.
    expect(notifications[0]).toMatchObject({ subject_type: null, subject_id: null });
  });

  it("a share of one contact names each recipient's own copy as the notification's subject", async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const cleo = await createUser(t.app);
    await group(ann, ben);
    await group(ann, cleo);
    const ada = (await t.as(ann).post('/api/people', { first_name: 'Ada', last_name: 'Lovelace' })).json();

    const shared = await t.as(ann).post('/api/people/share', {
      user_ids: [ben.id, cleo.id],
      contact_id: ada.id,
    });
    expect(shared.statusCode, shared.body).toBe(200);

    for (const recipient of [ben, cleo]) {
      const [copy] = await peopleOf(recipient);
      expect(copy.full_name).toBe('Ada Lovelace');
      const [notification] = (await t.as(recipient).get('/api/notifications')).json().notifications;
      expect(notification).toMatchObject({
        notification_type: 'contact_shared',
        subject_type: 'contact',
        subject_id: copy.id,
      });
      expect(notification.notification).toContain('Ada Lovelace');
      // The subject is the recipient's contact: they can open it.
      expect((await t.as(recipient).get(`/api/people/${notification.subject_id}`)).statusCode).toBe(200);
    }
    expect((await t.as(ben).get(`/api/people/${ada.id}`)).statusCode).toBe(404);
  });

  it('refuses anyone who is not an approved member (403, nothing copied) and contacts not one’s own (404)', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const stranger = await createUser(t.app);
    await t.as(ann).post('/api/user-group', { email: stranger.email, name: 'Not yet' }); // invited, not accepted
    await group(ann, ben);
    const mine = (await t.as(ann).post('/api/people', { first_name: 'Mine' })).json();
    const bens = (await t.as(ben).post('/api/people', { first_name: 'Bens' })).json();

    const forbidden = await t.as(ann).post('/api/people/share', {
      user_ids: [ben.id, stranger.id],
      contact_id: mine.id,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await peopleOf(ben)).toHaveLength(1);
    expect(await peopleOf(stranger)).toHaveLength(0);

    const notMine = await t.as(ann).post('/api/people/share', {
      user_ids: [ben.id],
      contact_ids: [mine.id, bens.id],
    });
    expect(notMine.statusCode).toBe(404);
    expect(await peopleOf(ben)).toHaveLength(1);

    const nobody = await t.as(ann).post('/api/people/share', { user_ids: [], contact_id: mine.id });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error).toContain('Please select at least one user to share contacts with');
  });
});
