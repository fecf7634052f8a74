import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@relate/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { fieldOf, useResetPassword } from '../api/passwords';
import { BackToSignIn } from './back-to-sign-in';

const schema = z.object({ new_password: PasswordSchema });
type FormValues = z.infer<typeof schema>;

/** Sets a new password with the token of an e-mailed link, then sends the user to sign in. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: { new_password: '' } });
  const reset = useResetPassword();
  const navigate = useNavigate();
  const linkProblem =
    reset.error && fieldOf(reset.error)?.field === 'token' ? reset.error.message : undefined;

  const onSubmit = ({ new_password }: FormValues) =>
    reset.mutateAsync({ token: token ?? '', new_password }).then(
      (answer) => {
        toast.success('Password reset', { description: answer.message });
        navigate('/auth', { replace: true });
      },
      (error: Error) => {
        const named = fieldOf(error);
        if (named?.field === 'new_password') form.setError('new_password', { message: named.message });
        else if (named?.field !== 'token')
          toast.error('Could not reset the password', { description: error.message });
      },
    );

  const problem = token ? linkProblem : 'This reset link is incomplete. Ask for a new one.';
  return (
    <div className="grid gap-6">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
        <p className="text-sm text-muted-foreground">
          After this, you are signed out everywhere and sign in with the new password.
        </p>
      </div>
      {problem && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" />
          <div className="grid gap-1">
            <p>{problem}</p>
            <Link to="/forgot-password" className="font-medium text-primary hover:underline">
              Send a new link
            </Link>
          </div>
        </div>
      )}
      {token && !linkProblem && (
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <TextField
              type="password"
              control={form.control}
              name="new_password"
              label="New password"
              autoComplete="new-password"
              description="At least 8 characters."
            />
            <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Set new password'}
            </Button>
          </form>
        </Form>
      )}
      <BackToSignIn />
    </div>
  );
}
