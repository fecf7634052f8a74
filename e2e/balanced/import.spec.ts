import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/balanced';
import { account, signUp } from '../support/fixtures';

const FIXTURE = 'hubspot_contacts_with_companies.csv';

test('through nginx: a contacts CSV goes through the Import dialog and its rows are written once', async ({
  page,
  balanced,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Simple CSV Import' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: FIXTURE,
    mimeType: 'text/csv',
    buffer: fs.readFileSync(path.resolve(import.meta.dirname, '../../server/test/fixtures/csv', FIXTURE)),
  });
  await expect(dialog.getByText('Recognised: HubSpot contacts.')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/will be imported/)).toBeVisible();
  const imported = page.waitForResponse((response) =>
    response.url().includes('/api/csv/import-with-mapping'),
  );
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog.getByText('Every row was imported.')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('contact-row')).toHaveCount(3);

  // The process nginx sent the import to wrote the 3 rows; the other wrote none.
  const importer = balanced.servedBy(await imported);
  const rows = await balanced.counter('relate_import_rows_total', { kind: 'contacts' });
  expect(rows[importer]).toBe(3);
  expect(rows[1 - importer]).toBe(0);
  // Each step of the dialog went through nginx, and nginx answered none of them itself.
  const steps = balanced.accessLog().filter((entry) => entry.request.includes(' /api/csv/'));
  expect(steps.map((entry) => entry.status).every((status) => status < 300)).toBe(true);
  expect(steps.every((entry) => entry.process >= 0)).toBe(true);
});
