import { lazy, Suspense } from 'react';
import { CompaniesPage } from '@/features/companies/components/companies-page';
import { CompanyPage } from '@/features/companies/components/company-page';

// Shown only in a company's detail dialog: its code loads with that dialog, not with the list.
const Timeline = lazy(async () => ({
  default: (await import('@/features/timeline/components/timeline')).Timeline,
}));

/** /companies, with each company's timeline (the timeline feature's) in its detail dialog. */
export function CompaniesRoute() {
  return (
    <CompaniesPage
      companyTimeline={(companyId) => (
        <Suspense fallback={null}>
          <Timeline subject={{ type: 'company', id: companyId }} />
        </Suspense>
      )}
    />
  );
}

/** /companies/:id: one company and its people (in the companies chunk, which it shares most code with). */
export function CompanyRoute() {
  return <CompanyPage />;
}
