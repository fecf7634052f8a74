import type { User } from '@relate/contracts';
import { CheckCircle2Icon, Loader2Icon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { exchangeGoogleCode } from '@/features/auth/api/auth-api';
import { useAuth } from '@/features/auth/auth-provider';
import { toast } from '@/lib/toast';

const AUTH_ERROR_FALLBACK = 'An error occurred during authentication.';

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/**
 * Tells the window that opened this popup how sign-in went; redirects the opener when that is blocked.
 * Answers false when there is no opener: the sign-in ran in this tab (the popup was blocked).
 */
function notifyOpener(message: Record<string, unknown>): boolean {
  if (!window.opener) return false;
  try {
    window.opener.postMessage(message, window.location.origin);
  } catch {
    try {
      window.opener.location.href = '/';
    } catch {
      // nothing more we can do from here
    }
  }
  return true;
}

/** The popup page Google returns to (spec section 2 "Google callback popup"). */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(false);
  const navigate = useNavigate();
  const { startSession } = useAuth();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setState({ kind: 'error', message });
      toast.error('Authentication Error', { description: message });
      if (notifyOpener({ type: 'GOOGLE_AUTH_ERROR', error: message })) setTimeout(() => window.close(), 3000);
    };
    const succeed = (user: User, accessToken: string, refreshToken?: string) => {
      setState({ kind: 'success' });
      const message = {
        type: 'GOOGLE_AUTH_SUCCESS',
        user,
        access_token: accessToken,
        refresh_token: refreshToken,
      };
      if (notifyOpener(message)) {
        setTimeout(() => window.close(), 2000);
      } else if (startSession({ access_token: accessToken, refresh_token: refreshToken ?? '', user })) {
        toast.success('Welcome!', { description: 'Successfully signed in with Google.' });
        navigate('/dashboard', { replace: true });
      }
    };
    const connected = (user: User) => {
      setState({ kind: 'success' });
      if (notifyOpener({ type: 'GOOGLE_AUTH_SUCCESS', user, connected: true })) {
        setTimeout(() => window.close(), 2000);
      } else {
        toast.success('Google account connected');
        navigate('/settings?section=google', { replace: true });
      }
    };
    void (async () => {
      const error = params.get('error');
      if (error) return fail(`Google OAuth error: ${error}`);
      // Only a code and state, which the server accepts from the browser that started the sign-in; a
      // session never arrives in the URL (a link with someone's tokens would sign the visitor in as them).
      const code = params.get('code');
      if (!code) return fail('No authorization code received');
      const { data, error: exchangeError } = await exchangeGoogleCode(code, params.get('state'));
      if (data?.connected) return connected(data.user);
      if (exchangeError || !data?.user || !data.access_token) {
        return fail(exchangeError?.message || AUTH_ERROR_FALLBACK);
      }
      succeed(data.user, data.access_token, data.refresh_token);
    })().catch((error: unknown) => {
      console.error(error);
      fail('An unexpected error occurred');
    });
  }, [params, navigate, startSession]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-background p-4">
      <Card className="w-full max-w-sm">
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          {state.kind === 'loading' && (
            <>
              <Loader2Icon className="size-10 animate-spin text-primary" />
              <p className="font-medium">Authenticating with Google...</p>
            </>
          )}
          {state.kind === 'success' && (
            <>
              <CheckCircle2Icon className="size-10 text-success" />
              <p className="text-lg font-semibold">Success!</p>
              <p className="text-sm text-muted-foreground">
                Authentication successful! You can close this window.
              </p>
            </>
          )}
          {state.kind === 'error' && (
            <>
              <XCircleIcon className="size-10 text-destructive" />
              <div role="alert" className="grid gap-1">
                <p className="text-lg font-semibold text-destructive">Authentication Error</p>
                <p className="text-sm text-muted-foreground">{state.message}</p>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
