import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { createDatabase } from '../../server/test/databases';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHealth,
} from '../../server/test/server-process';

export interface RelateServer {
  url: string;
  dataDir: string;
}

/**
 * A fresh database for one test, a copy of global-setup.ts's migrated one: a database on
 * TEST_DATABASE_URL's server (DATABASE_URL), or else a DATA_DIR holding the embedded server's cluster.
 */
async function freshDatabase(dataDir: string): Promise<{ DATABASE_URL: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.RELATE_E2E_DATABASE_TEMPLATE;
  if (adminUrl && template) {
    const database = await createDatabase(adminUrl, 'relate_e2e', template);
    return { DATABASE_URL: database.url, drop: database.drop };
  }
  const templateDir = process.env.RELATE_E2E_TEMPLATE;
  if (templateDir) fs.cpSync(templateDir, dataDir, { recursive: true });
  return { DATABASE_URL: '', drop: async () => {} };
}

/**
 * Starts Relate as `npm start` does (the compiled server), on a free port and a fresh database
 * (freshDatabase), serving the built web app.
 */
async function startRelate(
  env: Record<string, string>,
): Promise<{ server: RelateServer; process: ServerProcess; drop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-e2e-'));
  const { DATABASE_URL, drop } = await freshDatabase(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const relate = startServerProcess(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../web/dist'),
      DATABASE_URL,
      REDIS_URL: '',
      ...env,
    },
    { compiled: true },
  );
  const exitedEarly = relate.exited.then(() => {
    throw new Error(`Relate exited at start:\n${relate.output()}`);
  });
  try {
    await Promise.race([waitForHealth(url, 60_000), exitedEarly]);
  } catch (error) {
    relate.child.kill('SIGKILL');
    await drop().catch(() => {});
    throw new Error(`${(error as Error).message}\n${relate.output()}`);
  }
  exitedEarly.catch(() => {}); // a later exit is the fixture's own doing
  return { server: { url, dataDir }, process: relate, drop };
}

/**
 * Every journey runs at a chosen instant, never at the time it happens to run (issue 38): the server's
 * clock (CLOCK_START) and every browser context's clock start there together and run on. A journey
 * that is about dates picks its own with `test.use({ now, timezoneId })`.
 */
export const DEFAULT_NOW = '2026-06-17T10:00:00Z'; // a Wednesday in mid-month, far from any DST change

/**
 * Starts the context's `Date` at `now`, running on at the real pace, in every page and after every
 * navigation. Only `Date` moves: Playwright's `clock.install` fakes the timers too, and under load a
 * reloaded page's timers stopped firing (TanStack Query sat on "Loading events..." with the response in
 * hand in 4 of 8 calendar journeys), so the journeys keep the browser's own timers.
 */
async function startClockAt(context: BrowserContext, now: string) {
  // The offset from the browser's own clock, which need not be the test process's.
  const probe = await context.newPage();
  const browserNow = await probe.evaluate(() => Date.now());
  await probe.close();
  await context.addInitScript((offset) => {
    const RealDate = Date;
    const fakeNow = () => RealDate.now() + offset;
    globalThis.Date = new Proxy(RealDate, {
      construct: (target, args, newTarget) =>
        Reflect.construct(target, args.length === 0 ? [fakeNow()] : args, newTarget),
      apply: () => new RealDate(fakeNow()).toString(),
      get: (target, property, receiver) =>
        property === 'now' ? fakeNow : Reflect.get(target, property, receiver),
    });
  }, Date.parse(now) - browserNow);
}

interface Fixtures {
  relate: RelateServer;
  relateEnv: Record<string, string>;
  /** The instant the journey starts at (ISO 8601). */
  now: string;
  /** A browser context of its own (its own session) at the journey's clock and time zone. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** A page in a context of its own, for a second or third person. */
  newPage: () => Promise<Page>;
}

/**
 * `relate`: a fresh Relate (built web app + a fresh database, freshDatabase) for each test; `relateEnv`
 * adds environment variables (e.g. a fake outside service's address).
 */
export const test = base.extend<Fixtures>({
  now: [DEFAULT_NOW, { option: true }],
  relateEnv: [{}, { option: true }],
  relate: async ({ relateEnv, now }, use, testInfo) => {
    const { server, process: relate, drop } = await startRelate({ CLOCK_START: now, ...relateEnv });
    await use(server);
    relate.child.kill('SIGTERM');
    await relate.exited;
    await drop();
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('server-logs', { body: relate.output() });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ relate }, use) => use(relate.url),
  context: async ({ context, now }, use) => {
    await startClockAt(context, now);
    await use(context);
  },
  newContext: async ({ browser, baseURL, timezoneId, locale, now }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ baseURL, timezoneId, locale, ...options });
      await startClockAt(context, now);
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  newPage: async ({ newContext }, use) => use(async () => (await newContext()).newPage()),
});

export { expect };

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

export const account = (name: string): Account => ({
  email: `${name.toLowerCase()}@example.com`,
  password: `${name}-password-123`,
  fullName: `${name} Example`,
});

/** Fills and submits the sign-up form on /auth. */
export async function signUp(page: Page, who: Account) {
  await page.goto('/auth');
  await page
    .getByRole('button', { name: /sign up/i })
    .first()
    .click();
  await page.getByLabel('Full Name').fill(who.fullName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('checkbox').check();
  const answer = page
    .waitForResponse((response) => response.url().endsWith('/api/auth/register'), { timeout: 30_000 })
    .catch(async () => {
      const shown = await page
        .getByRole('main')
        .innerText()
        .catch(() => '');
      throw new Error(`The Sign Up form sent nothing in 30 s; the page shows:\n${shown}`);
    });
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const response = await answer;
  expect(response.status(), `sign-up answered ${await response.text()}`).toBeLessThan(300);
}

export async function signIn(page: Page, who: Account) {
  // A pending account's sign-up ends on the "Waiting for approval" page, which leads back to the form.
  const back = page.getByRole('button', { name: 'Back to sign in' });
  if (await back.isVisible()) await back.click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Approves a waiting account from the admin page. */
export async function approve(adminPage: Page, who: Account) {
  await adminPage.goto('/admin');
  await adminPage
    .getByTestId('admin-user-row')
    .filter({ hasText: who.email })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(adminPage.getByText('User approved successfully')).toBeVisible();
}

/** Calls the API from a signed-in page with its own session (the stored access token). */
async function apiFrom(
  page: Page,
  method: string,
  url: string,
  body?: object,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('auth_token')}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, url, body },
  );
}

/** The owner invites the member into the owner's group and the member accepts (through the API). */
export async function joinGroup(ownerPage: Page, memberPage: Page, member: Account) {
  const invited = await apiFrom(ownerPage, 'POST', '/api/user-group', {
    email: member.email,
    name: member.fullName,
  });
  expect(invited.status).toBe(201);
  const invitationId = (invited.json as { data: { id: number } }).data.id;
  const accepted = await apiFrom(memberPage, 'POST', '/api/user-group/approve-invitation', {
    invitation_id: invitationId,
    display_name: 'Owner',
  });
  expect(accepted.status).toBe(200);
}
