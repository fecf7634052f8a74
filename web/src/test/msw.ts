import type { GoogleStatus, User } from '@relate/contracts';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** Paths as the web app asks for them (`/api/...`), resolved against the test page's origin. */
export const api = (path: string) => new URL(`/api${path}`, window.location.origin).toString();

export const testUser: User = {
  id: 1,
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  is_approved: true,
  status: 'approved',
  is_admin: false,
  plan: 'Free',
  preferred_messaging_platform: null,
  telegram_id: null,
  whatsapp_phone_number: null,
  created_at: '2026-01-05T10:00:00.000Z',
};

/** GET /auth/google/status: by default Google is set up on the server and not connected. */
export const googleStatus = (overrides: Partial<GoogleStatus> = {}): GoogleStatus => ({
  has_google_account: false,
  contacts_synced_at: null,
  calendar_synced_at: null,
  service_configured: true,
  google_email: null,
  calendar_access: false,
  contacts_sync_running: false,
  contacts_last_error: null,
  contacts_pending_review: 0,
  calendar_sync_running: false,
  calendar_last_error: null,
  calendar_pending_review: 0,
  contact_deletes: null,
  ...overrides,
});

/** What every test's API answers unless the test says otherwise with `server.use(...)`. */
export const defaultHandlers = [
  http.get(api('/auth/me'), () => HttpResponse.json(testUser)),
  http.get(api('/notifications/unread-count'), () => HttpResponse.json({ count: 0 })),
  http.get(api('/auth/google/status'), () => HttpResponse.json(googleStatus())),
  // Nothing dismissed in Google's review dialogs unless a test says otherwise.
  http.get(api('/auth/google/:noun/review'), ({ request }) =>
    new URL(request.url).searchParams.get('dismissed') === 'true'
      ? HttpResponse.json({ items: [] })
      : undefined,
  ),
];

/** The fake API of the web tests (MSW): started for every test file in `setup.ts`. */
export const server = setupServer(...defaultHandlers);
