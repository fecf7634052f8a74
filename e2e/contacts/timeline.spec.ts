import { account, expect, signUp, test } from '../support/fixtures';

test('log a call and see it on the timeline, with the last contact date moved; add and edit a note', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add New Contact' });
  await add.getByLabel('First Name').fill('Grace');
  await add.getByLabel('Last Name').fill('Hopper');
  await add.getByRole('button', { name: 'Add Contact' }).click();
  await expect(add).toBeHidden();

  await page.getByTestId('contact-row').getByText('Grace', { exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await detail.getByRole('tab', { name: 'Connection' }).click();
  await expect(detail.getByText('Last Contact Date')).toBeVisible();

  await detail.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = detail.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Contact created')).toBeVisible();

  await timeline.getByRole('button', { name: 'Log interaction' }).click();
  const log = page.getByRole('dialog', { name: 'Log Interaction' });
  await log.getByLabel('Date').fill('2026-06-15T14:30');
  await log.getByLabel('Duration (min)').fill('25');
  await log.getByLabel('Summary').fill('Talked about COBOL and the first compiler');
  await log.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(log).toBeHidden();
  await expect(page.getByText('Interaction logged successfully')).toBeVisible();

  const entries = timeline.getByRole('list', { name: 'Timeline entries' }).getByRole('listitem');
  const call = entries.filter({ hasText: 'Call · 25 min' });
  await expect(call).toContainText('Talked about COBOL and the first compiler');
  await expect(call).toContainText('Jun 15, 2026');

  // The contact's last contact date moved to the call.
  await detail.getByRole('tab', { name: 'Connection' }).click();
  await expect(detail.getByText('Jun 15, 2026')).toBeVisible();

  // A note in Markdown: a list and a link render; a script tag stays text.
  await detail.getByRole('tab', { name: 'Timeline' }).click();
  await timeline
    .getByLabel('New note')
    .fill(
      'Met at **the conference**.\n\n- likes tea\n- [her site](https://example.com)\n\n<script>alert(1)</script>',
    );
  await timeline.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Note added successfully')).toBeVisible();
  const note = entries.first();
  await expect(note.getByRole('link', { name: 'her site' })).toHaveAttribute('href', 'https://example.com/');
  await expect(note.locator('strong')).toHaveText('the conference');
  await expect(note.getByText('<script>alert(1)</script>')).toBeVisible();

  await note.getByRole('button', { name: 'Edit note' }).click();
  await timeline.getByLabel('Edit note').fill('Met at the conference; follow up in July.');
  await timeline.getByRole('button', { name: 'Save Note' }).click();
  await expect(entries.first()).toContainText('follow up in July');
  await expect(entries.first()).toContainText('edited');

  // After a reload the timeline still holds the note, the call and the creation, newest first.
  await page.reload();
  await page.getByRole('dialog').getByRole('tab', { name: 'Timeline' }).click();
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('follow up in July');
  await expect(entries.filter({ hasText: 'Call · 25 min' })).toHaveCount(1);

  // An edit in the dialog is on the timeline, with the value before and after.
  const reopened = page.getByRole('dialog');
  await reopened.getByRole('button', { name: 'Edit', exact: true }).click();
  await reopened.getByRole('tab', { name: 'Professional Info' }).click();
  await reopened.getByLabel('Job Title').fill('Rear Admiral');
  await reopened.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    reopened.getByRole('tabpanel', { name: 'Professional Info' }).getByText('Rear Admiral', { exact: true }),
  ).toBeVisible();
  await reopened.getByRole('tab', { name: 'Timeline' }).click();
  await expect(entries.first()).toContainText('Changed 1 field');
  await expect(entries.first()).toContainText('Job title');
  await expect(entries.first()).toContainText('Rear Admiral');
});
