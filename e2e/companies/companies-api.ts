import { expect, type Page } from '@playwright/test';
import type { CreateCompanyBody } from '@relate/contracts';

/** Creates companies through the API as the signed-in user of `page` (faster than the form). */
export async function createCompanies(page: Page, companies: CreateCompanyBody[]) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  for (const company of companies) {
    const response = await page.request.post('/api/companies', {
      headers: { authorization: `Bearer ${token}` },
      data: company,
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Opens /companies the way a user does: from the workspace's Companies tab. */
export async function openCompanies(page: Page) {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
}

export const companyRows = (page: Page) => page.getByTestId('company-row');
