import { account, expect, signUp, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the contacts are cards with their actions, an empty contact is refused, and the settings tabs are reachable', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  // An empty contact cannot be saved: the form says what it needs.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Contact' });
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter a name, an email, a phone number or an organization',
  );
  await expect(dialog.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('First Name').fill('Grace');
  await dialog.getByLabel('Last Name').fill('Hopper');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toBeHidden();

  // The list is a card per contact, with its actions on the card and inside the screen.
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByTestId('contact-row').filter({ hasText: 'Grace' });
  await expect(card).toBeVisible();
  for (const name of ['Edit row', 'Edit contact', 'Delete']) {
    const button = card.getByRole('button', { name });
    await expect(button).toBeInViewport();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await card.getByRole('button', { name: 'Edit contact' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The workspace tabs fit the screen, and every settings section can be reached (from the account menu).
  for (const link of await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings/);
  const sections = page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button');
  // The URL changes before the Settings page's code has loaded: count its sections once they show.
  await expect(sections.first()).toBeVisible();
  const count = await sections.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    const section = sections.nth(index);
    await section.scrollIntoViewIfNeeded();
    await section.click();
    await expect(section).toHaveAttribute('aria-current', 'page');
  }
});
