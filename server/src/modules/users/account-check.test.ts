import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { UsersRepository } from './users.repository';
import { ACCOUNT_CHECK_TTL_MS, UsersService } from './users.service';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app); // the first account is the administrator
});
afterAll(() => t.close());

describe('the account a signed-in request goes on', () => {
  it('follows a change made in this process at once: approval withdrawn, then given again', async () => {
    const user = await createUser(t.app);
    expect((await t.as(user).get('/api/people')).statusCode).toBe(200);

    await t.app.services.users.setStatus(user.id, 'pending');
    const refused = await t.as(user).get('/api/people');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_NOT_APPROVED');

    await t.app.services.users.setStatus(user.id, 'approved');
    expect((await t.as(user).get('/api/people')).statusCode).toBe(200);
  });

  it('follows a plan change at once', async () => {
    const user = await createUser(t.app);
    expect((await t.as(user).get('/api/auth/me')).json().plan).toBe('Free');
    await t.app.services.users.setPlan(user.id, 'Pro');
    const me = await t.app.services.auth.authenticate(user.token);
    expect(me.user.plan).toBe('Pro');
  });

  it('refuses a deleted account at once', async () => {
    const user = await createUser(t.app);
    expect((await t.as(user).get('/api/people')).statusCode).toBe(200);
    await t.app.services.users.delete(user.id, admin.id);
    expect((await t.as(user).get('/api/people')).statusCode).toBe(401);
  });

  it('reads a change made elsewhere (another server process) within the few seconds, not on every request', async () => {
    const user = await createUser(t.app);
    let now = 1_000_000;
    const users = new UsersService(t.database.db, new UsersRepository(t.database.db), [], () => now);
    expect((await users.forRequest(user.id))?.status).toBe('approved');

    await t.database.db.execute(sql`update users set status = 'rejected' where id = ${user.id}`);
    now += ACCOUNT_CHECK_TTL_MS - 1;
    expect((await users.forRequest(user.id))?.status).toBe('approved');
    now += 1;
    expect((await users.forRequest(user.id))?.status).toBe('rejected');
  });
});
