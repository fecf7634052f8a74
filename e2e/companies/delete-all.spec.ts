import { account, expect, signUp, test } from '../support/fixtures';
import { companyRows, createCompanies, openCompanies } from './companies-api';

test('Delete All Companies asks first, then empties the directory', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await createCompanies(page, [{ record: 'Acme Labs' }, { record: 'Globex' }, { record: 'Initech' }]);
  await openCompanies(page);
  await expect(companyRows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Delete All Companies' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete all companies?' });
  await expect(confirm).toContainText('move all 3 companies to the Trash');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(companyRows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Delete All Companies' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete All Companies' }).click();
  await expect(page.getByText('All companies have been deleted.')).toBeVisible();
  await expect(page.getByText('No companies found')).toBeVisible();
  await expect(page.getByTestId('stat-Total Companies')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Delete All Companies' })).toBeDisabled();
});
