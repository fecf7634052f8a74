import { useQuery } from '@tanstack/react-query';
import { HourglassIcon, MailCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import * as authApi from '../api/auth-api';
import { useResendVerificationByEmail } from '../api/passwords';

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
          Your account <span className="font-medium break-words text-foreground">{email}</span> is pending
          admin approval.
        </p>
      </div>
      <ol className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-left text-sm">
        <li>1. The administrators have been notified that you signed up.</li>
        <li>2. Once one of them approves your account, sign in with the e-mail and password you chose.</li>
        <li>3. Until then, signing in brings you back to this page.</li>
      </ol>
      <VerificationMailAgain email={email} />
      <Button variant="outline" onClick={onSignIn}>
        Back to sign in
      </Button>
    </section>
  );
}

/**
 * While the account waits it cannot open Settings: the link that verifies its e-mail (mailed at sign-up
 * when the server sends mail) can be sent again from here. The answer is the server's one for any address.
 */
function VerificationMailAgain({ email }: { email: string }) {
  const registration = useQuery({
    queryKey: ['auth', 'registration'],
    queryFn: async () => (await authApi.getRegistrationInfo())?.data ?? null,
  });
  const resend = useResendVerificationByEmail();
  if (!registration.data?.verification_mail) return null;
  if (resend.isSuccess)
    return (
      <p role="status" className="flex items-start gap-2 text-left text-sm">
        <MailCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
        {resend.data.message}
      </p>
    );
  return (
    <p className="text-sm text-muted-foreground">
      Did not get the e-mail that verifies your address?{' '}
      <Button
        variant="link"
        className="h-auto p-0"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        Send it again
      </Button>
      {resend.error && (
        <span role="alert" className="block text-destructive">
          {resend.error.message}
        </span>
      )}
    </p>
  );
}
