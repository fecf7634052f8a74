import { account, expect, signUp, test } from '../support/fixtures';
import { companyRows, createCompanies, openCompanies } from './companies-api';

test('remove duplicates: auto-merge the identical group, keep one record by hand, delete a whole group', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  const acme = { record: 'Acme Labs', categories: 'SaaS', tags: ['customer'], domains: ['acme.com'] };
  await createCompanies(page, [
    acme,
    { ...acme, record: ' acme labs ' },
    { record: 'Globex', categories: 'Fintech', twitter_follower_count: 10 },
    { record: 'GLOBEX', categories: 'Energy', twitter_follower_count: 99 },
    { record: 'Initech', connection_strength: 'weak' },
    { record: 'initech', connection_strength: 'strong' },
    { record: 'Hooli' },
  ]);
  await openCompanies(page);
  await expect(page.getByTestId('stat-Total Companies')).toHaveText('7');

  await page.getByRole('button', { name: 'Remove Duplicates' }).click();
  const view = page.getByRole('dialog', { name: 'Remove Duplicates' });
  await expect(view.getByTestId('duplicates-Total Duplicates')).toHaveText('3');
  await expect(view.getByTestId('duplicates-Auto-Mergeable')).toHaveText('1');
  await expect(view.getByTestId('duplicates-Manual Review')).toHaveText('2');
  await expect(view.getByTestId('duplicate-group')).toHaveCount(3);

  await view.getByRole('button', { name: 'Auto-merge identical' }).click();
  await expect(page.getByText('Auto-merge completed')).toBeVisible();
  await expect(page.getByText('Successfully merged 1 duplicate records.')).toBeVisible();
  await expect(view.getByTestId('duplicates-Total Duplicates')).toHaveText('2');
  await expect(view.getByTestId('duplicates-Auto-Mergeable')).toHaveText('0');
  await expect(view.getByRole('button', { name: 'Auto-merge identical' })).toBeDisabled();

  // Keep the second Globex record: the first is deleted.
  await view
    .getByTestId('duplicate-group')
    .filter({ hasText: 'Globex' })
    .getByRole('button', { name: 'Review' })
    .click();
  const review = page.getByRole('dialog', { name: 'Review duplicates: Globex' });
  const records = review.getByTestId('duplicate-record');
  await expect(records).toHaveCount(2);
  await records
    .filter({ hasText: 'Energy' })
    .getByRole('button', { name: /Keep This/ })
    .click();
  await expect(page.getByText('Kept record for Globex and deleted 1 duplicate.')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(view.getByTestId('duplicates-Manual Review')).toHaveText('1');

  // Delete All Records of the Initech group, after confirming.
  await view
    .getByTestId('duplicate-group')
    .filter({ hasText: 'Initech' })
    .getByRole('button', { name: 'Review' })
    .click();
  const initech = page.getByRole('dialog', { name: 'Review duplicates: Initech' });
  await initech.getByRole('button', { name: 'Delete All Records' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete All Records' }).click();
  await expect(page.getByText('Deleted all 2 records for Initech.')).toBeVisible();
  await expect(view.getByText('No duplicates found')).toBeVisible();
  await expect(view.getByTestId('duplicates-Total Duplicates')).toHaveText('0');
  await view.getByRole('button', { name: 'Close' }).first().click();

  await expect(page.getByTestId('stat-Total Companies')).toHaveText('3');
  await expect(companyRows(page)).toHaveCount(3);
  const globex = companyRows(page).filter({ hasText: /globex/i });
  await expect(globex).toContainText('Energy');
  await expect(companyRows(page).filter({ hasText: /initech/i })).toHaveCount(0);
});
