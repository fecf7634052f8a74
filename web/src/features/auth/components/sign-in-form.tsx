import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema } from '@relate/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import * as authApi from '../api/auth-api';
import { useAuth } from '../auth-provider';
import { unexpectedErrorsToasted } from './unexpected-errors';

/**
 * E-mail and password; a started session re-renders /auth, whose guard moves on to the remembered page.
 * An account still waiting for approval is handed to `onPending`.
 */
export function SignInForm({ onPending }: { onPending: (email: string) => void }) {
  const { startSession } = useAuth();
  const form = useForm({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    unexpectedErrorsToasted(async (body) => {
      const { data, error } = await authApi.login(body);
      if (error) {
        const description =
          error.status === 401 || error.status === 400 ? 'Invalid email or password.' : error.message;
        toast.error('Login Failed', { description });
        return;
      }
      if (startSession(data)) toast.success('Welcome back!', { description: 'Successfully signed in.' });
      else if (data.user.status === 'pending') onPending(data.user.email);
    }),
  );

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        >
          {/* After the field, not beside its label, so that Tab goes from Email straight to Password. */}
          <Link to="/forgot-password" className="justify-self-end text-xs text-primary hover:underline">
            Forgot password?
          </Link>
        </TextField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Processing...' : 'Sign In'}
        </Button>
      </form>
    </Form>
  );
}
