import { CompaniesPage } from '@/features/companies/components/companies-page';

export function CompaniesRoute() {
  return <CompaniesPage />;
}
