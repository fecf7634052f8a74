import { ShieldAlertIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';

/** What a signed-in user who is not an administrator sees at /admin. */
export function AdministratorsOnlyPage() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-warning/15 text-warning">
        <ShieldAlertIcon className="size-6" />
      </span>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">Administrators only</h1>
        <p className="text-muted-foreground">
          The admin dashboard is for administrators of this Relate installation. Ask an administrator if you
          need access.
        </p>
      </div>
      <Link to="/contacts" className={buttonVariants()}>
        <UsersIcon />
        Back to Contacts
      </Link>
    </div>
  );
}
