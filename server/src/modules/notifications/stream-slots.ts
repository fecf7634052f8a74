import type { Redis } from 'ioredis';

/**
 * How many live notification streams a user has open, for the limit of MAX_STREAMS_PER_USER
 * (decision 26). Without Redis each process counts its own streams; with REDIS_URL the count is shared
 * by every process, each stream holding a lease that its process renews, so the streams of a process
 * that crashed stop counting once their leases run out.
 */
export interface StreamSlots {
  /** Takes a slot for `streamId` unless the user already holds `max`; answers whether it did. */
  acquire(userId: number, streamId: string, max: number): Promise<boolean>;
  release(userId: number, streamId: string): Promise<void>;
  /** Renews the leases of streams still open (every STREAM_RECHECK_MS). */
  renew(open: { userId: number; streamId: string }[]): Promise<void>;
}

/** Slots counted by this process alone. */
export class LocalStreamSlots implements StreamSlots {
  private readonly byUser = new Map<number, Set<string>>();

  async acquire(userId: number, streamId: string, max: number): Promise<boolean> {
    const slots = this.byUser.get(userId) ?? new Set<string>();
    if (slots.size >= max) return false;
    slots.add(streamId);
    this.byUser.set(userId, slots);
    return true;
  }

  async release(userId: number, streamId: string): Promise<void> {
    const slots = this.byUser.get(userId);
    slots?.delete(streamId);
    if (slots?.size === 0) this.byUser.delete(userId);
  }

  async renew(): Promise<void> {}
}

/**
 * One sorted set per user, `<prefix>streams:<userId>`: a member per open stream, scored by the time
 * (Redis's clock, so that processes' clocks need not agree) its lease ends. Taking a slot drops the
 * expired members, counts the rest and adds the new one in one script, so two processes cannot both
 * take the last slot. The key itself expires with its last lease.
 */
const ACQUIRE = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

const RENEW = `
local now = redis.call('TIME')
local expires = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', expires, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1`;

export class RedisStreamSlots implements StreamSlots {
  constructor(
    private readonly redis: Redis,
    /** How long a stream counts without its process renewing it. */
    private readonly leaseMs: number,
    private readonly prefix = 'relate:',
  ) {}

  private key(userId: number) {
    return `${this.prefix}streams:${userId}`;
  }

  async acquire(userId: number, streamId: string, max: number): Promise<boolean> {
    const taken = await this.redis.eval(ACQUIRE, 1, this.key(userId), streamId, max, this.leaseMs);
    return Number(taken) === 1;
  }

  async release(userId: number, streamId: string): Promise<void> {
    await this.redis.zrem(this.key(userId), streamId);
  }

  async renew(open: { userId: number; streamId: string }[]): Promise<void> {
    const byUser = new Map<number, string[]>();
    for (const { userId, streamId } of open) byUser.set(userId, [...(byUser.get(userId) ?? []), streamId]);
    await Promise.all(
      [...byUser].map(([userId, streamIds]) =>
        this.redis.eval(RENEW, 1, this.key(userId), this.leaseMs, ...streamIds),
      ),
    );
  }
}
