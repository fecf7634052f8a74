import { HomeIcon, RefreshCwIcon } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Logo } from '@/components/logo';
import { Button, buttonVariants } from '@/components/ui/button';
import { NotFoundPage } from './not-found';

/** The root error boundary: a page that failed to render or load says so, and offers a way on. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A new release replaced the page's code while this tab was open: a reload fetches it.
  const staleCode =
    error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center"
    >
      <Logo />
      <div className="grid max-w-md gap-2">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">
          {staleCode
            ? 'Relate was updated while this page was open. Reload to get the new version.'
            : 'This page ran into a problem. Reloading usually helps; your saved data is safe.'}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon />
          Reload
        </Button>
        <Link to="/contacts" reloadDocument className={buttonVariants({ variant: 'outline' })}>
          <HomeIcon />
          Go to Contacts
        </Link>
      </div>
    </div>
  );
}
