import { account, expect, signUp, test } from '../support/fixtures';
import { companyRows, openCompanies } from './companies-api';

test('add a company, see it in the directory and its cards, edit it in the detail dialog, delete it', async ({
  page,
}) => {
  const ada = account('Ada');
  await signUp(page, ada);
  await expect(page).toHaveURL(/\/contacts$/);
  await openCompanies(page);

  // Inside the workspace: its own tab, no second header.
  await expect(
    page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Companies' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(0);
  await expect(page.getByText('No companies found')).toBeVisible();
  await expect(page.getByText('Add your first company to get started')).toBeVisible();

  await page.getByRole('button', { name: 'Add Company' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add New Company' });
  await form.getByRole('button', { name: 'Add Company' }).click();
  await expect(form.getByText('Company name is required')).toBeVisible();

  await form.getByLabel('Company Name').fill('Acme Labs');
  await form.getByLabel('Categories').fill('SaaS');
  await form.getByLabel('Tags').fill('customer, , priority');
  await form.getByLabel('Domains').fill('acme.com, acme.io, acme.eu, acme.de');
  await form.getByLabel('LinkedIn').fill('https://www.linkedin.com/company/acme');
  await form.getByLabel('Twitter Followers').fill('15200');
  await form.getByLabel('Connection Strength').click();
  await page.getByRole('option', { name: 'Strong' }).click();
  await form.getByRole('button', { name: 'Add Company' }).click();
  await expect(page.getByText('Company added successfully')).toBeVisible();
  await expect(form).toBeHidden();

  const row = companyRows(page).filter({ hasText: 'Acme Labs' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('customer')).toBeVisible();
  await expect(row.getByText('priority')).toBeVisible();
  await expect(row.getByText('acme.com')).toBeVisible();
  await expect(row.getByText('acme.io')).toBeVisible();
  await expect(row.getByText('acme.eu')).toHaveCount(0);
  await expect(row.getByText('+2')).toBeVisible();
  await expect(row.getByText('Strong')).toBeVisible();
  await expect(page.getByTestId('stat-Total Companies')).toHaveText('1');
  await expect(page.getByTestId('stat-Active Companies')).toHaveText('1');
  await expect(page.getByTestId('entries-count')).toHaveText('1 entry');

  await row.getByRole('button', { name: 'View details of Acme Labs' }).click();
  const detail = page.getByRole('dialog', { name: 'Acme Labs' });
  for (const section of ['Basic Information', 'Contact & Social', 'Relationship', 'System Information'])
    await expect(detail.getByRole('region', { name: section })).toBeVisible();
  await detail.getByLabel('Company Name').fill('Acme Laboratories');
  await detail.getByLabel('Connection Strength').click();
  await page.getByRole('option', { name: 'Medium' }).click();
  await detail.getByRole('button', { name: 'Save All Changes' }).click();
  await expect(page.getByText('Company updated successfully')).toBeVisible();
  await expect(companyRows(page).filter({ hasText: 'Acme Laboratories' }).getByText('Medium')).toBeVisible();
  await expect(page.getByTestId('stat-Active Companies')).toHaveText('0');

  await companyRows(page).getByRole('button', { name: 'Delete Acme Laboratories' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('move Acme Laboratories to the Trash');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Company deleted successfully')).toBeVisible();
  await expect(page.getByText('No companies found')).toBeVisible();
});
