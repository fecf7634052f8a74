import type { Redis } from 'ioredis';
import { AppError } from '../../lib/errors';

export interface CounterStore {
  /** Adds one to `key` (starting its window on the first hit) and returns the count and seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }>;
  /** Takes one hit back, if `key`'s window is still open. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= now) {
      entry = { count: 0, expiresAt: now + windowSeconds * 1000 };
      this.counters.set(key, entry);
    }
    entry.count += 1;
    if (this.counters.size > 100_000) this.sweep(now);
    return { count: entry.count, ttlSeconds: Math.ceil((entry.expiresAt - now) / 1000) };
  }

  async undo(key: string) {
    const entry = this.counters.get(key);
    if (entry && entry.expiresAt > Date.now() && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string) {
    this.counters.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }
}

const UNDO_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then
  return redis.call('decr', KEYS[1]) end return 0`;

/** Shared across server processes: every process sees the same failure counts (INCR is atomic). */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'relate:',
  ) {}

  async hit(key: string, windowSeconds: number) {
    const fullKey = this.prefix + key;
    const result = await this.redis
      .multi()
      .incr(fullKey)
      .expire(fullKey, windowSeconds, 'NX')
      .ttl(fullKey)
      .exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowSeconds);
    return { count, ttlSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  /** DECR only while the key lives: one that expired meanwhile must not come back at -1 without a window. */
  async undo(key: string) {
    await this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key);
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

const ADDRESS_FACTOR = 3;
const ACCOUNT_CEILING_FACTOR = 100;
const ACCOUNT_DELAY_BASE_MS = 250;
const ACCOUNT_DELAY_CAP_MS = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Failed sign-ins, limited so that a stranger cannot lock the owner out (OWASP authentication cheat
 * sheet): `maxFailures` per (account, address); three times that per address, across accounts; for
 * the account as a whole, a progressive delay once it has `maxFailures` failures from anywhere, and a
 * hard stop only at a hundred times that.
 *
 * An attempt is counted before its password is checked, by one atomic increment per counter (Redis
 * INCR, or this process's own counter), and taken back when the password was right or the attempt is
 * refused: attempts sent all at once each get their own count, so no more than the limit are checked.
 * Reading the counts first and recording failures after the check let 60 parallel attempts through
 * one check together, and 19 were checked instead of 10 (issue 30).
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {}

  private keys(ip: string, email: string) {
    const account = email.toLowerCase();
    return {
      pair: `login-fail:pair:${account}:${ip}`,
      address: `login-fail:ip:${ip}`,
      account: `login-fail:account:${account}`,
    };
  }

  /**
   * Counts an attempt as failed before its password is checked; one past a limit is refused with 429
   * (and not counted). Call `succeeded` when the password was right.
   */
  async attempt(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    const [pair, address, account] = await Promise.all(
      [keys.pair, keys.address, keys.account].map((key) => this.store.hit(key, this.windowSeconds)),
    );
    const blocked = [
      pair.count > this.maxFailures ? pair : undefined,
      address.count > this.maxFailures * ADDRESS_FACTOR ? address : undefined,
      account.count > this.maxFailures * ACCOUNT_CEILING_FACTOR ? account : undefined,
    ].filter((counter) => counter !== undefined);
    if (blocked.length > 0) {
      await Promise.all([keys.pair, keys.address, keys.account].map((key) => this.store.undo(key)));
      throw tooManyAttempts(Math.max(1, ...blocked.map((counter) => counter.ttlSeconds)));
    }
    const earlierFailures = account.count - 1;
    if (earlierFailures >= this.maxFailures) await this.wait(this.accountDelay(earlierFailures));
  }

  /** 250 ms at `maxFailures` failures of the account, doubling with each further one, at most 8 s. */
  accountDelay(failures: number): number {
    return Math.min(ACCOUNT_DELAY_CAP_MS, ACCOUNT_DELAY_BASE_MS * 2 ** (failures - this.maxFailures));
  }

  /** The password was right: the account's counters are cleared, and the address's takes it back. */
  async succeeded(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    await Promise.all([
      this.store.reset(keys.pair),
      this.store.reset(keys.account),
      this.store.undo(keys.address),
    ]);
  }
}

function tooManyAttempts(retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}
