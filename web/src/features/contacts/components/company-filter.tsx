import { Building2Icon, XIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCompanyName } from '../api/company-suggestions';

interface CompanyFilterProps {
  companyId: number;
}

/** The list shows one company's people (?company_id=): which company, a link to its page, and a way out. */
export function CompanyFilter({ companyId }: CompanyFilterProps) {
  const name = useCompanyName(companyId);
  const [, setSearchParams] = useSearchParams();
  const onClear = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('company_id');
      next.delete('page');
      return next;
    });
  const label = name.data ?? (name.isError ? 'a company you do not have' : '…');
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/30 px-3 py-2 text-sm">
      <Building2Icon className="size-4 text-muted-foreground" aria-hidden />
      <span>
        People at{' '}
        {name.data ? (
          <Link to={`/companies/${companyId}`} className="font-medium underline-offset-4 hover:underline">
            {label}
          </Link>
        ) : (
          <span className="font-medium">{label}</span>
        )}
      </span>
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        <XIcon />
        Show all contacts
      </Button>
    </div>
  );
}
