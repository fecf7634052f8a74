import { AppError } from '../../lib/errors';
import type { CounterStore } from './login-throttle';

const REQUEST_WINDOW_SECONDS = 15 * 60;
const MAX_REQUESTS_PER_EMAIL = 3;
const MAX_REQUESTS_PER_ADDRESS = 10;

/**
 * The limit of the routes that mail a link to an address (password reset, e-mail verification): three
 * requests per e-mail address and ten per client address in 15 minutes, each kind of link counted on
 * its own. Every request counts, whether or not the address has an account, so the limit says nothing
 * about which addresses do. Over it: 429 with Retry-After.
 */
export async function assertMailRequestAllowed(
  counters: CounterStore,
  kind: 'reset' | 'verify',
  email: string,
  clientIp: string,
  what: string,
): Promise<void> {
  const [byEmail, byAddress] = await Promise.all([
    counters.hit(`${kind}-request:email:${email.toLowerCase()}`, REQUEST_WINDOW_SECONDS),
    counters.hit(`${kind}-request:ip:${clientIp}`, REQUEST_WINDOW_SECONDS),
  ]);
  const over = [
    byEmail.count > MAX_REQUESTS_PER_EMAIL ? byEmail : undefined,
    byAddress.count > MAX_REQUESTS_PER_ADDRESS ? byAddress : undefined,
  ].filter((counter) => counter !== undefined);
  if (over.length === 0) return;
  const retryAfter = Math.max(1, ...over.map((counter) => counter.ttlSeconds));
  const minutes = Math.ceil(retryAfter / 60);
  throw new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}
