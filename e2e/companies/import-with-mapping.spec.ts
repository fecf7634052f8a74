import { account, expect, signUp, test } from '../support/fixtures';
import { companyRows, openCompanies } from './companies-api';

const CSV = [
  'Organisation,Sector,Website,Followers,Connection Strength',
  'Acme Labs,SaaS,"acme.com, acme.io",1200,strong',
  'Globex Systems,Fintech,globex.com,not a number,medium',
  'Initech,Consulting,initech.com,5,super',
].join('\n');

test('a CSV whose headers are not recognised goes through Map CSV Columns, and bad rows are reported', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await openCompanies(page);
  const input = page.getByTestId('company-csv-input');

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type')).toBeVisible();
  await expect(page.getByText('Please select a CSV file')).toBeVisible();

  await input.setInputFiles({ name: 'crm-export.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const mapping = page.getByRole('dialog', { name: 'Map CSV Columns' });
  await expect(mapping).toBeVisible();
  await expect(mapping).toContainText(
    'Expected columns: Record ID, Record, Tags, Categories, LinkedIn, Last interaction, Connection strength, Twitter follower count, Twitter, Domains, Description, Created at, notion_id',
  );
  await expect(mapping.getByRole('button', { name: 'Continue Import' })).toBeDisabled();

  const mapTo = async (column: string, field: string) => {
    await mapping.getByRole('combobox', { name: `Field for ${column}` }).click();
    await page.getByRole('option', { name: field }).click();
  };
  await mapTo('Organisation', 'Record (company name)');
  await mapTo('Sector', 'Categories');
  await mapTo('Website', 'Domains');
  await mapTo('Followers', 'Twitter follower count');
  await expect(mapping.getByRole('combobox', { name: 'Field for Connection Strength' })).toHaveText(
    'Connection strength',
  );
  await mapping.getByRole('button', { name: 'Continue Import' }).click();
  // The preview step: what will be stored, before anything is written.
  await expect(mapping.getByText('2 companies will be imported')).toBeVisible();
  await expect(mapping.getByTestId('company-preview-row').first()).toContainText('Acme Labs');
  await mapping.getByRole('button', { name: 'Import 2 companies' }).click();

  await expect(page.getByText('Imported 2 companies successfully')).toBeVisible();
  await expect(mapping).toBeHidden();
  const report = page.getByRole('dialog', { name: 'Import finished with skipped rows' });
  await expect(report.getByRole('listitem')).toHaveCount(1);
  await expect(report.getByRole('listitem')).toContainText('Row 4');
  await expect(report.getByRole('listitem')).toContainText(/connection strength/i);
  await report.getByRole('button', { name: 'Done' }).click();

  await expect(companyRows(page)).toHaveCount(2);
  const acme = companyRows(page).filter({ hasText: 'Acme Labs' });
  await expect(acme.getByText('acme.io')).toBeVisible();
  await expect(acme.getByText('Strong')).toBeVisible();
  await expect(acme).toContainText('1.2K');
  // A follower count that is not a number is imported as 0.
  await expect(companyRows(page).filter({ hasText: 'Globex Systems' })).toContainText('Fintech');
  await expect(page.getByTestId('stat-Total Companies')).toHaveText('2');
  await expect(page.getByTestId('stat-Active Companies')).toHaveText('1');
});

test('a CSV with recognised headers imports at once', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await openCompanies(page);
  await page.getByTestId('company-csv-input').setInputFiles({
    name: 'companies.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Record,Tags,Domains\nHooli,"customer, priority",hooli.com\nPied Piper,,piedpiper.com\n',
    ),
  });
  await expect(page.getByText('Imported 2 companies successfully')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Map CSV Columns' })).toHaveCount(0);
  await expect(companyRows(page)).toHaveCount(2);
  await expect(companyRows(page).filter({ hasText: 'Hooli' }).getByText('priority')).toBeVisible();
});
