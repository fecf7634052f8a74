import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema } from '@relate/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
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
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="you@company.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
              {/* After the field, so that Tab goes from Email straight to Password. */}
              <Link to="/forgot-password" className="justify-self-end text-xs text-primary hover:underline">
                Forgot password?
              </Link>
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Processing...' : 'Sign In'}
        </Button>
      </form>
    </Form>
  );
}
