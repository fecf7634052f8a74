import { CompaniesPage } from '@/features/companies/components/companies-page';
import { CompanyPage } from '@/features/companies/components/company-page';

export function CompaniesRoute() {
  return <CompaniesPage />;
}

/** /companies/:id: one company and its people (in the companies chunk, which it shares most code with). */
export function CompanyRoute() {
  return <CompanyPage />;
}
