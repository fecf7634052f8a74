import type { Page } from '@playwright/test';
import { expect, test } from '../support/balanced';
import { account, approve, signIn, signUp } from '../support/fixtures';

const isStream = (url: string) => url.endsWith('/api/notifications/stream');

test('through nginx: an invitation sent through one process lights the bell of a browser streaming from the other', async ({
  newPage,
  balanced,
}) => {
  const ada = account('Ada');
  const ben = account('Ben');
  const adaPage = await newPage();
  await signUp(adaPage, ada);
  await expect(adaPage).toHaveURL(/\/contacts$/);
  const first = await newPage();
  await signUp(first, ben);
  await approve(adaPage, ben);

  /** Does `action` on `page` and answers the process its new notification stream is connected to. */
  const streamAfter = async (page: Page, action: () => Promise<unknown>) => {
    const opened = page.waitForResponse((response) => isStream(response.url()));
    await action();
    return balanced.servedBy(await opened);
  };
  const firstStream = await streamAfter(first, () => signIn(first, ben));
  // Ben's second browser reconnects until nginx puts its stream on the other process: then, whichever
  // process serves Ada's invitation, one of Ben's browsers streams from the other one.
  const second = await newPage();
  await second.goto('/auth');
  let secondStream = await streamAfter(second, () => signIn(second, ben));
  for (let attempt = 0; secondStream === firstStream && attempt < 10; attempt++)
    secondStream = await streamAfter(second, () => second.reload());
  expect(secondStream, 'a stream on each process').not.toBe(firstStream);
  const benPages = [first, second];
  for (const page of benPages) await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  // From now on neither browser opens another stream: what it shows comes on the one it has.
  const reopened: string[] = [];
  for (const page of benPages)
    page.on('request', (request) => isStream(request.url()) && reopened.push(request.url()));

  await adaPage.goto('/settings?section=group');
  await adaPage.getByLabel('Email').fill(ben.email);
  await adaPage.getByLabel('Name').fill('Ben');
  const invited = adaPage.waitForResponse(
    (response) => response.url().endsWith('/api/user-group') && response.request().method() === 'POST',
  );
  await adaPage.getByRole('button', { name: 'Add User' }).click();
  const sender = balanced.servedBy(await invited);
  const across = sender === firstStream ? second : first;

  // Ben's browser streaming from the other process is told at once; so is the one on the sender's.
  await expect(across.getByTestId('unread-dot')).toBeVisible({ timeout: 5_000 });
  for (const page of benPages) await expect(page.getByTestId('unread-dot')).toBeVisible();
  expect(reopened).toEqual([]);
});
