import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema } from '@relate/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import * as authApi from '../api/auth-api';
import { useAuth } from '../auth-provider';
import { unexpectedErrorsToasted } from './unexpected-errors';

/** E-mail and password; a started session re-renders /auth, whose guard moves on to the remembered page. */
export function SignInForm() {
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
          labelAside={
            <Link to="/forgot-password" className="text-xs text-primary hover:underline">
              Forgot password?
            </Link>
          }
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Processing...' : 'Sign In'}
        </Button>
      </form>
    </Form>
  );
}
