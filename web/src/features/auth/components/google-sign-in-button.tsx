import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { openGooglePopup } from '@/lib/google-popup';
import { toast } from '@/lib/toast';
import { getGoogleAuthorizationUrl } from '../api/auth-api';
import { useAuth } from '../auth-provider';

const NOT_CONFIGURED = 'Google sign-in is not configured';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.24 1.4-1.7 4.1-5.5 4.1-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.5 14.6 2.5 12 2.5 6.8 2.5 2.6 6.7 2.6 12s4.2 9.5 9.4 9.5c5.4 0 9-3.8 9-9.2 0-.6-.1-1.1-.2-1.6H12z"
      />
    </svg>
  );
}

/**
 * Signs in with Google in a 500x600 popup (spec sections 2, 4 and 9). The popup's callback page posts
 * the session back; a blocked popup falls back to a redirect of this tab.
 */
export function GoogleSignInButton() {
  const { startSession, refreshUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      const { data, error } = await getGoogleAuthorizationUrl();
      if (error) {
        if (error.code === 'GOOGLE_NOT_CONFIGURED') {
          setNotConfigured(true);
          toast.error(NOT_CONFIGURED, {
            description: 'Ask your administrator to set GOOGLE_CLIENT_ID, or continue with email.',
          });
        } else
          toast.error('Error', { description: error.message || 'Failed to initiate Google authentication' });
        return;
      }
      const outcome = await openGooglePopup(data.authorization_url);
      if (outcome.type === 'GOOGLE_AUTH_SUCCESS' && outcome.access_token) {
        const approved = startSession({
          access_token: outcome.access_token,
          refresh_token: outcome.refresh_token ?? '',
          user: outcome.user,
        });
        if (approved) {
          await refreshUser();
          toast.success('Welcome!', { description: 'Successfully signed in with Google.' });
        }
      } else if (outcome.type === 'GOOGLE_AUTH_ERROR') {
        toast.error('Google Auth Failed', { description: outcome.error || 'Authentication failed' });
      } else if (outcome.type === 'timeout') {
        toast.error('Google Auth Failed', { description: 'Authentication failed' });
      }
    } catch (error) {
      console.error(error);
      toast.error('Error', {
        description: error instanceof Error && error.message ? error.message : 'An unexpected error occurred',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <Button variant="outline" className="w-full" onClick={start} disabled={busy}>
        {busy ? <Spinner /> : <GoogleIcon />}
        Continue with Google
      </Button>
      {notConfigured && (
        <p role="alert" className="text-center text-xs text-muted-foreground">
          {NOT_CONFIGURED} on this server. Use your email and password instead.
        </p>
      )}
    </div>
  );
}
