import { CheckCircle2Icon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useVerifyEmail } from '../api/passwords';
import { BackToSignIn } from './back-to-sign-in';

/** Verifies the account's e-mail with the token of the link mailed at sign-up, once, on arrival. */
export function VerifyEmail({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const problem = token ? verify.error?.message : 'This verification link is incomplete.';
  return (
    <div className="grid gap-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Verify your e-mail</h1>
      {problem ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-left text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" />
          <p>{problem}</p>
        </div>
      ) : verify.isSuccess ? (
        <p role="status" className="flex items-center justify-center gap-2 text-sm">
          <CheckCircle2Icon className="size-5 text-success" />
          {verify.data.message}
        </p>
      ) : (
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon className="size-5 animate-spin" /> Verifying…
        </p>
      )}
      <BackToSignIn />
    </div>
  );
}
