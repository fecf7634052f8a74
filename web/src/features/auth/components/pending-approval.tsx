import { HourglassIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * What a new account that waits for approval sees instead of a bare sign-in form: that the
 * administrators were told, and what to do next.
 */
export function PendingApproval({ email, onSignIn }: { email: string; onSignIn: () => void }) {
  return (
    <section className="grid gap-5 text-center" aria-labelledby="pending-title">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <HourglassIcon className="size-6" />
      </span>
      <div className="grid gap-1.5">
        <h1 id="pending-title" className="text-2xl font-semibold tracking-tight">
          Waiting for approval
        </h1>
        <p className="text-sm text-muted-foreground">
          Your account <span className="font-medium break-all text-foreground">{email}</span> is pending admin
          approval.
        </p>
      </div>
      <ol className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-left text-sm">
        <li>1. The administrators have been notified that you signed up.</li>
        <li>2. Once one of them approves your account, sign in with the e-mail and password you chose.</li>
        <li>3. Until then, signing in brings you back to this page.</li>
      </ol>
      <Button variant="outline" onClick={onSignIn}>
        Back to sign in
      </Button>
    </section>
  );
}
