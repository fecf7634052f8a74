import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookie that binds a Google authorization to the browser that started it: it holds a nonce whose
 * hash is kept with the state. HttpOnly (no script reads it), SameSite=Lax (sent by the callback page's
 * own requests), scoped to the Google auth routes and gone with the state after 10 minutes.
 */
export const GOOGLE_BROWSER_COOKIE = 'relate_google_auth';
const COOKIE_PATH = '/api/auth/google';
const MAX_AGE_SECONDS = 10 * 60;

const cookie = (value: string, maxAge: number, secure: boolean) =>
  `${GOOGLE_BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** `secure` when Relate is reached over HTTPS (PUBLIC_URL). */
export function setBrowserNonce(reply: FastifyReply, nonce: string, secure: boolean): void {
  reply.header('set-cookie', cookie(nonce, MAX_AGE_SECONDS, secure));
}

/** The callback used the nonce up (its state is gone either way). */
export function clearBrowserNonce(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', cookie('', 0, secure));
}

export function browserNonceOf(request: FastifyRequest): string | undefined {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === GOOGLE_BROWSER_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
