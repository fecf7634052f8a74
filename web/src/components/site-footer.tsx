import { Link } from 'react-router';
import { cn } from '@/lib/utils';

export function SiteFooter({ className }: { className?: string }) {
  return (
    <footer className={cn('border-t py-6 text-sm text-muted-foreground', className)}>
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 sm:flex-row sm:px-6">
        <p>© {new Date().getFullYear()} Relate. All rights reserved.</p>
        <nav className="flex gap-5">
          <Link to="/privacy-policy" className="hover:text-foreground hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className="hover:text-foreground hover:underline">
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
