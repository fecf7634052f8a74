import { HomeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { buttonVariants } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <p className="text-7xl font-bold tracking-tight text-primary/80">404</p>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      </div>
      <Link to="/" className={buttonVariants()}>
        <HomeIcon />
        Return to Home
      </Link>
    </div>
  );
}
