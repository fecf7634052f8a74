import { account, expect, signUp, test } from '../support/fixtures';
import { companyRows, createCompanies, openCompanies } from './companies-api';

const NAMES = [
  'Acme Labs',
  'Globex Systems',
  'Initech',
  'Umbrella Holdings',
  'Stark Industries',
  'Wayne Enterprises',
  'Hooli',
  'Vandelay Industries',
  'Soylent Foods',
  'Tyrell Corporation',
  'Cyberdyne Systems',
  'Wonka Industries',
];

test('search, filter, sort and page through the directory on the server', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await createCompanies(
    page,
    NAMES.map((record, index) => ({
      record,
      categories: index % 2 ? 'Fintech' : 'SaaS',
      twitter_follower_count: (index * 7919) % 1000,
      connection_strength: index % 3 === 0 ? 'strong' : 'weak',
      domains: [`${record.split(' ')[0].toLowerCase()}.com`],
    })),
  );
  await openCompanies(page);

  await expect(page.getByTestId('stat-Total Companies')).toHaveText('12');
  await expect(page.getByTestId('stat-Active Companies')).toHaveText('4');
  await expect(page.getByTestId('entries-count')).toHaveText('12 entries');
  await expect(companyRows(page)).toHaveCount(10);
  await expect(page.getByText('Showing 1 to 10 of 12 entries')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(companyRows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(companyRows(page)).toHaveCount(10);

  // Search is server-side and case-insensitive.
  await page.getByPlaceholder('Search companies...').fill('INDUSTRIES');
  await expect(companyRows(page)).toHaveCount(3);
  await expect(page.getByTestId('entries-count')).toHaveText('3 entries');

  // Sort by Twitter Followers, ascending then descending.
  const followers = (index: number) => (index * 7919) % 1000;
  const industries = NAMES.map((name, index) => ({ name, count: followers(index) })).filter(({ name }) =>
    name.includes('Industries'),
  );
  const ascending = [...industries].sort((a, b) => a.count - b.count).map(({ name }) => name);
  await page.getByRole('button', { name: 'Twitter Followers' }).click();
  await expect(page.getByRole('columnheader', { name: 'Twitter Followers' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(companyRows(page).first()).toContainText(ascending[0]);
  await expect(companyRows(page).last()).toContainText(ascending[2]);
  await page.getByRole('button', { name: 'Twitter Followers' }).click();
  await expect(companyRows(page).first()).toContainText(ascending[2]);

  // Sort by name over everything.
  await page.getByPlaceholder('Search companies...').fill('');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(companyRows(page)).toHaveCount(10);
  await expect(companyRows(page).first()).toContainText('Acme Labs');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(companyRows(page).first()).toContainText('Wonka Industries');

  // Column filters combine; nothing matching shows the filtered empty state.
  await page.getByLabel('Filter by categories').fill('fin');
  await page.getByLabel('Filter by connection strength').click();
  await page.getByRole('option', { name: 'Strong' }).click();
  await expect(companyRows(page)).toHaveCount(2);
  await page.getByLabel('Filter by domains').fill('nothing-like-this');
  await expect(page.getByText('No companies match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(companyRows(page)).toHaveCount(10);
  await expect(page.getByTestId('entries-count')).toHaveText('12 entries');
});
