import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { getGoogleAuthorizationUrl } from '../api/auth-api';

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
 * Opens Google's consent screen in a 500x600 popup. Until the server has a Google client configured
 * it says so instead of failing silently.
 */
export function GoogleSignInButton() {
  const [busy, setBusy] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);

  const start = async () => {
    setBusy(true);
    const { data, error } = await getGoogleAuthorizationUrl();
    setBusy(false);
    if (error) {
      if (error.code === 'GOOGLE_NOT_CONFIGURED' || error.message.includes('not configured')) {
        setNotConfigured(true);
        toast.error(NOT_CONFIGURED, {
          description: 'Ask your administrator to set GOOGLE_CLIENT_ID, or continue with email.',
        });
      } else
        toast.error('Error', { description: error.message || 'Failed to initiate Google authentication' });
      return;
    }
    const popup = window.open(data.authorization_url, 'google-auth', 'width=500,height=600');
    if (!popup) window.location.href = data.authorization_url;
  };

  return (
    <div className="grid gap-1.5">
      <Button variant="outline" className="w-full" onClick={start} disabled={busy}>
        <GoogleIcon />
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
