import type { Redis } from 'ioredis';
import { AppError } from '../../lib/errors';

export interface CounterStore {
  /** Adds one to `key` (starting its window on the first hit) and returns the count and seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }>;
  peek(key: string): Promise<{ count: number; ttlSeconds: number }>;
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

  async peek(key: string) {
    const now = Date.now();
    const entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= now) return { count: 0, ttlSeconds: 0 };
    return { count: entry.count, ttlSeconds: Math.ceil((entry.expiresAt - now) / 1000) };
  }

  async reset(key: string) {
    this.counters.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
  }
}

/** Shared across server processes: every process sees the same failure counts. */
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

  async peek(key: string) {
    const fullKey = this.prefix + key;
    const [value, ttl] = await Promise.all([this.redis.get(fullKey), this.redis.ttl(fullKey)]);
    return { count: Number(value ?? 0), ttlSeconds: Math.max(ttl, 0) };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/** Limits failed sign-ins per client address and per e-mail (e.g. 10 in 15 minutes). */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly maxFailures: number,
    private readonly windowSeconds: number,
  ) {}

  private keys(ip: string, email: string) {
    return [`login-fail:ip:${ip}`, `login-fail:email:${email.toLowerCase()}`];
  }

  async assertAllowed(ip: string, email: string): Promise<void> {
    const counters = await Promise.all(this.keys(ip, email).map((key) => this.store.peek(key)));
    const blocked = counters.filter((counter) => counter.count >= this.maxFailures);
    if (blocked.length === 0) return;
    const retryAfter = Math.max(1, ...blocked.map((counter) => counter.ttlSeconds));
    const minutes = Math.ceil(retryAfter / 60);
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    await Promise.all(this.keys(ip, email).map((key) => this.store.hit(key, this.windowSeconds)));
  }

  /** A successful sign-in clears the e-mail's counter; the address keeps its count. */
  async recordSuccess(email: string): Promise<void> {
    await this.store.reset(`login-fail:email:${email.toLowerCase()}`);
  }
}
