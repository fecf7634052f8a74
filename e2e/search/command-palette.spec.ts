import type { Page } from '@playwright/test';
import { account, expect, signUp, test } from '../support/fixtures';

/** Screenshots to look at, beside the test's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** Creates something through the API as the signed-in user; its id. */
async function created(page: Page, url: string, body: object): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.post(url, {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

async function seed(page: Page) {
  const grace = await created(page, '/api/people', {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@navy.mil',
    organization: 'US Navy',
  });
  await created(page, '/api/people', {
    first_name: 'Gracie',
    last_name: 'Allen',
    email: 'gracie@example.com',
  });
  await created(page, '/api/companies', { record: 'Navy Yard', domains: ['navy.mil'] });
  await created(page, '/api/projects', { name: 'Launch' });
  // Months after the journey's "now" (June 2026): the calendar must turn to it.
  await created(page, '/api/events', {
    title: 'Navy lunch',
    start_datetime: '2026-09-10T12:00:00Z',
    end_datetime: '2026-09-10T13:00:00Z',
  });
  return grace;
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });

test('Cmd+K finds a contact by part of its e-mail and opens it, and creates a task with "New task"', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  const grace = await seed(page);

  // From another page: the shortcut works everywhere.
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const dialog = palette(page);
  const box = dialog.getByRole('combobox');
  await expect(box).toBeFocused();
  // Before anything is typed: the commands.
  await expect(dialog.getByRole('option', { name: 'New contact' })).toBeVisible();
  await shot(page, 'palette-commands-light');

  await box.fill('grace@nav');
  const listbox = dialog.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: /Grace Hopper/ })).toBeVisible();
  await expect(listbox.getByRole('option', { name: /Gracie Allen/ })).toHaveCount(0);
  await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'palette-results-light');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/contacts\\?contact=${grace}$`));
  await expect(page.getByRole('dialog').getByText('grace@navy.mil')).toBeVisible();
  await page.keyboard.press('Escape');

  // "New task" by keyboard alone: type, arrow to it, Enter, and the task dialog is open.
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill('new t');
  await expect(palette(page).getByRole('option', { name: 'New task' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks$/);
  const taskDialog = page.getByRole('dialog', { name: 'Add New Task' });
  await expect(taskDialog).toBeVisible();
  await taskDialog.getByLabel('Title').fill('Thank Grace for the talk');
  await taskDialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(taskDialog).toBeHidden();

  // The new task is found too, and Esc closes the palette where it is.
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill('thank');
  await expect(palette(page).getByRole('option', { name: /Thank Grace for the talk/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  // A project opens its section on the Tasks page.
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill('laun');
  await expect(palette(page).getByRole('group', { name: 'Projects' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\?project=Launch$/);
  await expect(
    page
      .getByTestId('project-section')
      .getByText('Thank Grace for the talk')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});

test('the palette switches the theme, looks right in dark mode, and opens a company and an event', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await seed(page);
  await page.getByRole('button', { name: 'Search and commands' }).click();
  await palette(page).getByRole('combobox').fill('theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill('navy');
  await expect(palette(page).getByRole('option', { name: /Navy Yard/ })).toBeVisible();
  await expect(palette(page).getByRole('group', { name: 'Companies' })).toBeVisible();
  await shot(page, 'palette-results-dark');
  // A company opens its details, an event its dialog in a calendar turned to its month.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('dialog', { name: 'Navy Yard' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+k');
  await palette(page).getByRole('combobox').fill('navy lunch');
  await palette(page)
    .getByRole('option', { name: /Navy lunch/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByText('September 2026')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the top bar’s search button opens the palette, and a tap opens a result', async ({ page }) => {
    await signUp(page, account('Ada'));
    await expect(page).toHaveURL(/\/contacts$/);
    await seed(page);
    await page.getByRole('button', { name: 'Search and commands' }).tap();
    await palette(page).getByRole('combobox').fill('gra');
    const option = palette(page).getByRole('option', { name: /Grace Hopper/ });
    await expect(option).toBeVisible();
    await shot(page, 'palette-phone');
    await option.tap();
    await expect(page).toHaveURL(/\/contacts\?contact=\d+$/);
    await expect(page.getByRole('dialog').getByText('grace@navy.mil')).toBeVisible();
  });
});
