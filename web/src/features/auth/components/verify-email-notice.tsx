import { MailWarningIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useEmailVerification, useResendVerification } from '../api/passwords';
import { useAuth } from '../auth-provider';

/**
 * Settings: while the account's e-mail waits for the link mailed at sign-up (and the server can mail),
 * says so and sends a new link on request. Nothing shows once it is verified or without SMTP.
 */
export function VerifyEmailNotice() {
  const { user } = useAuth();
  const status = useEmailVerification();
  const resend = useResendVerification();
  if (!status.data?.can_resend) return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast.success('Verification e-mail sent', { description: answer.message }),
      onError: (error) =>
        toast.error('Could not send the verification e-mail', { description: error.message }),
    });

  return (
    <Card role="region" aria-labelledby="verify-email-title">
      <CardContent className="grid gap-4 p-6">
        <div className="flex items-start gap-3">
          <span className="rounded-lg bg-warning/10 p-2 text-warning">
            <MailWarningIcon className="size-5" />
          </span>
          <div className="grid gap-1">
            <h3 id="verify-email-title" className="font-medium">
              Your e-mail address is not verified
            </h3>
            <p className="text-sm text-muted-foreground">
              Open the link we sent to{' '}
              <span className="font-medium break-words text-foreground">{user?.email}</span> when you signed
              up to confirm that the address is yours. The link is valid for 7 days; if it was lost or has
              expired, ask for a new one.
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={onResend}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Sending…' : 'Resend verification e-mail'}
        </Button>
      </CardContent>
    </Card>
  );
}
