import pg from 'pg';
import { expect, test } from '../support/balanced';
import { account, signUp } from '../support/fixtures';

test.use({ relateEnv: async ({ google }, use) => use(google.env) });

const PUSH = 'google.contacts.push';

test('through nginx: Google contacts sync in, and an edit goes back to Google in a job exactly one process runs', async ({
  page,
  google,
  balanced,
}) => {
  const sub = '113943641271207611350';
  google.fake.addAccount({ sub, email: 'ada@gmail.example', name: 'Ada Lovelace' });
  google.fake.addReferenceContacts(sub); // Ada Lovelace, one without a name, Иван Петров
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  // Connecting goes out to Google and comes back through nginx (PUBLIC_URL), to either process.
  await page.goto('/settings');
  await page.getByRole('button', { name: /Google Integration/ }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Google' }).click();
  await (await popupOpened).getByRole('button', { name: /Ada Lovelace/ }).click();
  await expect(page.getByText('Google account connected', { exact: true }).first()).toBeVisible();
  const card = page.getByRole('region', { name: 'Google Contacts' });
  await card.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview Google Contacts Sync' });
  await expect(dialog.getByTestId('google-review-item')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Apply 3 selected' }).click();
  await expect(page.getByText('Created 3, linked 0, updated 0.')).toBeVisible();
  await expect(card.getByText('Synced', { exact: true })).toBeVisible();

  // An edit of a linked contact queues a push to Google, which the job runners of both processes poll for.
  const pushed = () => balanced.counter('relate_job_runs_total', { kind: PUSH, outcome: 'ok' });
  const before = await pushed();
  await page.getByRole('link', { name: 'Contacts' }).click();
  const lovelace = page.getByTestId('contact-row').filter({ hasText: 'Lovelace' });
  await lovelace.getByRole('button', { name: 'Edit contact' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByRole('tab', { name: 'Professional Info' }).click();
  await edit.getByLabel('Organization').fill('Bletchley Park');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(lovelace).toContainText('Bletchley Park');

  await expect
    .poll(() => JSON.stringify(google.fake.listContacts(sub)), { timeout: 15_000 })
    .toContain('Bletchley Park');
  // One run of the job, on one process: the other never ran it, and it is done (a finished job is deleted).
  // A run is counted once its job is marked done, just after Google has the edit.
  const runs = async () => (await pushed()).map((count, index) => count - (before[index] as number));
  await expect
    .poll(async () => (await runs()).reduce((sum, count) => sum + count), { timeout: 5_000 })
    .toBe(1);
  expect((await runs()).toSorted()).toEqual([0, 1]);
  for (const outcome of ['retry', 'failed'])
    expect(await balanced.counter('relate_job_runs_total', { kind: PUSH, outcome })).toEqual([0, 0]);
  const database = new pg.Client({ connectionString: balanced.databaseUrl });
  await database.connect();
  try {
    const left = await database.query('select status from jobs where kind = $1', [PUSH]);
    expect(left.rows).toEqual([]);
  } finally {
    await database.end();
  }
});
