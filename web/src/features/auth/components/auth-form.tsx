import { zodResolver } from '@hookform/resolvers/zod';
import { InfoIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import * as authApi from '../api/auth-api';
import { useAuth } from '../auth-provider';
import { GoogleSignInButton } from './google-sign-in-button';

type Mode = 'signin' | 'signup';

const schema = z.object({
  full_name: z.string().trim(),
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
  terms: z.boolean(),
});
type FormValues = z.infer<typeof schema>;

const defaults: FormValues = { full_name: '', email: '', password: '', terms: false };

export function AuthForm() {
  const [mode, setMode] = useState<Mode>('signin');
  const { startSession } = useAuth();
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const terms = form.watch('terms');
  const signingUp = mode === 'signup';

  const switchMode = (next: Mode) => {
    setMode(next);
    form.clearErrors();
  };

  // A started session re-renders /auth, whose guard moves on to the remembered page.
  const submit = async (values: FormValues) => {
    if (signingUp) {
      if (!values.full_name) {
        form.setError('full_name', { message: 'Full name is required' });
        return;
      }
      if (values.password.length < 8) {
        form.setError('password', { message: 'Password must be at least 8 characters' });
        return;
      }
      const { data, error } = await authApi.register({
        email: values.email,
        password: values.password,
        full_name: values.full_name,
      });
      if (error) {
        toast.error('Registration Failed', {
          description: error.message || 'An error occurred during registration.',
        });
        return;
      }
      if (data.requires_approval || !data.access_token) {
        toast.success('Registration Successful!', {
          description:
            'Your account is pending admin approval. Please check back later or contact an administrator.',
        });
        form.reset(defaults);
        setMode('signin');
        return;
      }
      if (
        startSession({
          access_token: data.access_token,
          refresh_token: data.refresh_token ?? '',
          user: data.user,
        })
      ) {
        toast.success('Welcome!', { description: 'Account created and approved successfully.' });
      }
      return;
    }
    const { data, error } = await authApi.login({ email: values.email, password: values.password });
    if (error) {
      const description =
        error.status === 401 || error.status === 400 ? 'Invalid email or password.' : error.message;
      toast.error('Login Failed', { description });
      return;
    }
    if (startSession(data)) {
      toast.success('Welcome back!', { description: 'Successfully signed in.' });
    }
  };

  // Answers from the server are handled above; anything thrown (storage refused, a bug) ends here.
  const onSubmit = async (values: FormValues) => {
    try {
      await submit(values);
    } catch (error) {
      console.error(error);
      toast.error('Error', { description: 'An unexpected error occurred' });
    }
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">
          {signingUp ? 'Create your account' : 'Welcome back'}
        </h1>
        <p className="text-sm text-muted-foreground">
          {signingUp
            ? 'Start managing your contacts, tasks and calendar.'
            : 'Sign in to your Relate workspace.'}
        </p>
      </div>

      <GoogleSignInButton />

      <div className="relative text-center text-xs text-muted-foreground uppercase">
        <span className="absolute inset-x-0 top-1/2 h-px bg-border" />
        <span className="relative bg-card px-2">Or continue with email</span>
      </div>

      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {signingUp && (
          <div className="grid gap-2">
            <Label htmlFor="full_name">Full Name</Label>
            <Input
              id="full_name"
              autoComplete="name"
              placeholder="Jane Doe"
              aria-invalid={Boolean(errors.full_name)}
              {...form.register('full_name')}
            />
            {errors.full_name && <p className="text-xs text-destructive">{errors.full_name.message}</p>}
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            aria-invalid={Boolean(errors.email)}
            {...form.register('email')}
          />
          {errors.email && <p className="text-xs text-destructive">{errors.email.message}</p>}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="password">Password</Label>
          <Input
            id="password"
            type="password"
            autoComplete={signingUp ? 'new-password' : 'current-password'}
            placeholder={signingUp ? 'At least 8 characters' : ''}
            aria-invalid={Boolean(errors.password)}
            {...form.register('password')}
          />
          {errors.password && <p className="text-xs text-destructive">{errors.password.message}</p>}
        </div>

        {signingUp && (
          <>
            <div className="flex items-start gap-2.5">
              <Checkbox
                id="terms"
                checked={terms}
                onCheckedChange={(checked) => form.setValue('terms', checked === true)}
                className="mt-0.5"
              />
              <Label htmlFor="terms" className="text-sm leading-snug font-normal text-muted-foreground">
                <span>
                  I agree to the{' '}
                  <Link to="/terms-of-service" className="text-primary hover:underline">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link to="/privacy-policy" className="text-primary hover:underline">
                    Privacy Policy
                  </Link>
                </span>
              </Label>
            </div>
            <p className="flex gap-2 rounded-lg border border-primary/20 bg-primary/5 p-3 text-sm text-foreground">
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
              New accounts require admin approval. Please wait for approval from the administrator.
            </p>
          </>
        )}

        <Button type="submit" className="w-full" disabled={isSubmitting || (signingUp && !terms)}>
          {isSubmitting ? 'Processing...' : signingUp ? 'Sign Up' : 'Sign In'}
        </Button>
      </form>

      <p className="text-center text-sm text-muted-foreground">
        {signingUp ? 'Already have an account? ' : "Don't have an account? "}
        <Button
          variant="link"
          className="h-auto p-0"
          onClick={() => switchMode(signingUp ? 'signin' : 'signup')}
        >
          {signingUp ? 'Sign in' : 'Sign up'}
        </Button>
      </p>

      <p className="text-center text-xs text-muted-foreground">
        By continuing you accept our{' '}
        <Link to="/terms-of-service" className="underline hover:text-foreground">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" className="underline hover:text-foreground">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
