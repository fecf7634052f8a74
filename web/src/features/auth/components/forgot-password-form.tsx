import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordBody, ForgotPasswordBodySchema } from '@relate/contracts';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/passwords';
import { BackToSignIn } from './back-to-sign-in';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordBody>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    defaultValues: { email: '' },
  });
  const request = useForgotPassword();
  const [sentMessage, setSentMessage] = useState<string>();

  const onSubmit = (values: ForgotPasswordBody) =>
    request.mutateAsync(values).then(
      (answer) => setSentMessage(answer.message),
      (error: Error) => toast.error('Could not send the link', { description: error.message }),
    );

  return (
    <div className="grid gap-6">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Reset your password</h1>
        <p className="text-sm text-muted-foreground">
          Enter the e-mail of your account and we will send you a link to choose a new password.
        </p>
      </div>
      {sentMessage ? (
        <div role="status" className="flex items-start gap-3 rounded-lg border bg-primary/5 p-4 text-sm">
          <MailCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>{sentMessage}</p>
        </div>
      ) : (
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <TextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
            />
            <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
        </Form>
      )}
      <BackToSignIn />
    </div>
  );
}
