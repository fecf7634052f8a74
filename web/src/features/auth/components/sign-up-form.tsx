import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterBodySchema } from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { InfoIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import * as authApi from '../api/auth-api';
import { useAuth } from '../auth-provider';
import { unexpectedErrorsToasted } from './unexpected-errors';

/**
 * Full name, e-mail, password and the terms (spec section 2). An account that needs approval is handed
 * to `onPending` (the page saying what happens next); an approved one starts its session at once. The
 * very first account becomes the administrator, and the form says so instead of the approval notice.
 */
export function SignUpForm({ onPending }: { onPending: (email: string) => void }) {
  const { startSession } = useAuth();
  const [terms, setTerms] = useState(false);
  const registration = useQuery({
    queryKey: ['auth', 'registration'],
    queryFn: async () => (await authApi.getRegistrationInfo()).data,
  });
  const form = useForm({
    resolver: zodResolver(RegisterBodySchema),
    defaultValues: { full_name: '', email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    unexpectedErrorsToasted(async (body) => {
      const { data, error } = await authApi.register(body);
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
        onPending(data.user.email);
        return;
      }
      const session = {
        access_token: data.access_token,
        refresh_token: data.refresh_token ?? '',
        expires_in: data.expires_in,
        user: data.user,
      };
      if (startSession(session))
        toast.success('Welcome!', { description: 'Account created and approved successfully.' });
    }),
  );

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={submit}>
        <TextField
          control={form.control}
          name="full_name"
          label="Full Name"
          autoComplete="name"
          placeholder="Jane Doe"
        />
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
          autoComplete="new-password"
          placeholder="At least 8 characters"
        />
        <div className="flex items-start gap-2.5">
          <Checkbox
            id="terms"
            checked={terms}
            onCheckedChange={(checked) => setTerms(checked === true)}
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
        <p
          className="flex gap-2 rounded-lg border border-primary/20 bg-primary/5 p-3 text-sm text-foreground"
          data-testid="sign-up-notice"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" />
          {registration.data?.first_account
            ? 'You are the first to sign up: your account becomes the administrator, ready to use at once, and approves the accounts that follow.'
            : 'New accounts require admin approval. Please wait for approval from the administrator.'}
        </p>
        <div className="grid gap-1.5">
          <Button
            type="submit"
            className="w-full"
            disabled={isSubmitting || !terms}
            aria-describedby={terms ? undefined : 'terms-hint'}
          >
            {isSubmitting ? 'Processing...' : 'Sign Up'}
          </Button>
          {!terms && (
            <p id="terms-hint" className="text-center text-xs text-muted-foreground">
              Tick the box above to accept the Terms of Service and Privacy Policy, then sign up.
            </p>
          )}
        </div>
      </form>
    </Form>
  );
}
