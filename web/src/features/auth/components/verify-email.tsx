import { zodResolver } from '@hookform/resolvers/zod';
import { type ResendVerificationBody, ResendVerificationBodySchema } from '@relate/contracts';
import { CheckCircle2Icon, Loader2Icon, MailCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useResendVerificationByEmail, useVerifyEmail } from '../api/passwords';
import { BackToSignIn } from './back-to-sign-in';

/**
 * Verifies the account's e-mail with the token of the link mailed at sign-up, once, on arrival. A link
 * refused (expired, cut short) offers a new one by e-mail address: the answer is the same whether or not
 * the address has an account waiting, so whoever opens the page needs not be signed in.
 */
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
        <>
          <div
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-left text-sm"
          >
            <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" />
            <p>{problem}</p>
          </div>
          <NewLinkForm />
        </>
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

/** Asks for a new verification link for an e-mail address. */
function NewLinkForm() {
  const form = useForm<ResendVerificationBody>({
    resolver: zodResolver(ResendVerificationBodySchema),
    defaultValues: { email: '' },
  });
  const request = useResendVerificationByEmail();

  if (request.isSuccess)
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg border bg-primary/5 p-4 text-left text-sm"
      >
        <MailCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" />
        <p>{request.data.message}</p>
      </div>
    );
  return (
    <Form {...form}>
      <form
        className="grid gap-4 text-left"
        noValidate
        onSubmit={form.handleSubmit((values) => request.mutateAsync(values).catch(() => undefined))}
      >
        <p className="text-sm text-muted-foreground">
          Enter the e-mail of your account and we will send you a new link.
        </p>
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        {request.error && (
          <p role="alert" className="text-sm text-destructive">
            {request.error.message}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending…' : 'Send a new link'}
        </Button>
      </form>
    </Form>
  );
}
