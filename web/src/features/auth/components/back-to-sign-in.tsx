import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';

/** The way back to /auth under the password pages. */
export function BackToSignIn() {
  return (
    <Link
      to="/auth"
      className="inline-flex items-center justify-center gap-1 text-sm text-primary hover:underline"
    >
      <ArrowLeftIcon className="size-4" /> Back to sign in
    </Link>
  );
}
