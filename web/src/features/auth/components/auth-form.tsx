import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { GoogleSignInButton } from './google-sign-in-button';
import { PendingApproval } from './pending-approval';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Mode = 'signin' | 'signup';

/**
 * Sign-in and sign-up, toggled by a mode switch (spec section 2); each mode is its own form. An account
 * waiting for approval (just created, or signing in) sees what happens next instead.
 */
export function AuthForm() {
  // An invitation e-mail links to /auth?mode=signup.
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(searchParams.get('mode') === 'signup' ? 'signup' : 'signin');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const signingUp = mode === 'signup';

  if (pendingEmail)
    return (
      <PendingApproval
        email={pendingEmail}
        onSignIn={() => {
          setPendingEmail(null);
          setMode('signin');
        }}
      />
    );

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

      {signingUp ? <SignUpForm onPending={setPendingEmail} /> : <SignInForm onPending={setPendingEmail} />}

      <p className="text-center text-sm text-muted-foreground">
        {signingUp ? 'Already have an account? ' : "Don't have an account? "}
        <Button
          variant="link"
          className="h-auto p-0"
          onClick={() => setMode(signingUp ? 'signin' : 'signup')}
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
