import type { Locator, Page } from '@playwright/test';
import { account, expect, signUp, test } from '../support/fixtures';

/** What a keyboard user sees of the focused element: an outline or a ring (a box shadow); null when nothing. */
async function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    if (outlined || style.boxShadow !== 'none') return null;
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}> "${name}" shows no focus ring`;
  });
}

/**
 * Presses Tab until `target` has the focus, as someone without a mouse would; fails when it is not
 * reachable within `limit` presses, or when a control on the way shows no focus ring.
 */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    expect(await focusIndicator(page)).toBeNull();
  }
  throw new Error(`not reachable with Tab in ${limit} presses: ${target}`);
}

test('sign in with the keyboard alone', async ({ page, newContext }) => {
  const ada = account('Ada');
  await signUp(page, ada);
  await expect(page).toHaveURL(/\/contacts$/);

  const keyboard = await (await newContext()).newPage();
  await keyboard.goto('/auth');
  await tabTo(keyboard, keyboard.getByLabel('Email'));
  await keyboard.keyboard.type(ada.email);
  await keyboard.keyboard.press('Tab');
  await expect(keyboard.getByLabel('Password')).toBeFocused();
  await keyboard.keyboard.type(ada.password);
  await keyboard.keyboard.press('Enter');
  await expect(keyboard).toHaveURL(/\/contacts$/);
});

test('add a contact and create an event with the keyboard alone', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  await tabTo(page, page.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  const contact = page.getByRole('dialog', { name: 'Add New Contact' });
  await expect(contact).toBeVisible();
  await tabTo(page, contact.getByLabel('First Name'));
  await page.keyboard.type('Grace');
  await tabTo(page, contact.getByLabel('Last Name'));
  await page.keyboard.type('Hopper');
  await tabTo(page, contact.getByLabel('Email'));
  await page.keyboard.type('grace@navy.example');
  await tabTo(page, contact.getByRole('button', { name: 'Add Contact' }));
  await page.keyboard.press('Enter');
  await expect(contact).toBeHidden();
  await expect(page.getByTestId('contact-row').filter({ hasText: 'Hopper' })).toHaveCount(1);
  // Focus goes back to where the dialog was opened from, not to the top of the page.
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeFocused();

  await page.goto('/events');
  await tabTo(page, page.getByRole('button', { name: 'Add Event' }).first());
  await page.keyboard.press('Enter');
  const event = page.getByRole('dialog', { name: 'Add New Event' });
  await expect(event).toBeVisible();
  await tabTo(page, event.getByLabel('Title', { exact: true }));
  await page.keyboard.type('Keyboard review');
  await tabTo(page, event.getByRole('button', { name: 'Create Event' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(event).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add Event' }).first()).toBeFocused();
  await expect(
    page.getByTestId('calendar-event').filter({ hasText: 'Keyboard review' }).first(),
  ).toBeVisible();
});
