import type { User } from '@relate/contracts';

/** Spec section 9: a 500x600 popup, given up after 5 minutes, checked for closure every second. */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const POPUP_TIMEOUT_MS = 300_000;
export const POPUP_POLL_MS = 1_000;

export type GoogleAuthMessage =
  | {
      type: 'GOOGLE_AUTH_SUCCESS';
      user: User;
      access_token?: string;
      refresh_token?: string;
      connected?: boolean;
    }
  | { type: 'GOOGLE_AUTH_ERROR'; error: string };

export type PopupOutcome =
  | GoogleAuthMessage
  | { type: 'closed' }
  | { type: 'timeout' }
  | { type: 'redirected' };

/**
 * Opens Google's page in a popup and waits for the callback page's message (only from our own origin).
 * When the browser blocks the popup, the whole tab goes to Google instead and comes back to the callback.
 */
export function openGooglePopup(url: string): Promise<PopupOutcome> {
  const left = window.screenX + Math.max(0, (window.outerWidth - POPUP_WIDTH) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(
    url,
    'google-auth',
    `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) {
    window.location.assign(url);
    return Promise.resolve({ type: 'redirected' });
  }
  return new Promise((resolve) => {
    const finish = (outcome: PopupOutcome) => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(timeout);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as GoogleAuthMessage | undefined;
      if (data?.type === 'GOOGLE_AUTH_SUCCESS' || data?.type === 'GOOGLE_AUTH_ERROR') finish(data);
    };
    window.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (popup.closed) finish({ type: 'closed' });
    }, POPUP_POLL_MS);
    const timeout = setTimeout(() => {
      popup.close();
      finish({ type: 'timeout' });
    }, POPUP_TIMEOUT_MS);
  });
}
