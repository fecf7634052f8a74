import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** A workspace area whose feature has not landed yet: the shell and an honest notice. */
export function ComingWithFeature({
  title,
  icon,
  description,
}: {
  title: string;
  icon: LucideIcon;
  description: string;
}) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={icon} title={`${title} is not available yet`} description={description} />
    </>
  );
}
