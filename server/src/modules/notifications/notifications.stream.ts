import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { AccessClaims } from '../../lib/auth-user';
import { AppError } from '../../lib/errors';
import { NOTIFICATIONS_CHANNEL, type NotificationSignal } from './notifications.repository';
import type { NotificationsService } from './notifications.service';
import { LocalStreamSlots, type StreamSlots } from './stream-slots';

const HEARTBEAT_MS = 25_000;
const RECONNECT_DELAY_MS = 5_000;
/** How often every open stream's session and user are checked again (a signal may have been lost). */
export const STREAM_RECHECK_MS = 30_000;
/**
 * Open streams per user, on all processes together when they share Redis, else per process; one more is
 * refused with 429 (decision 26).
 */
export const MAX_STREAMS_PER_USER = 10;
/** With Redis, a stream counts this long after its process last renewed it (a crashed process's streams). */
export const STREAM_LEASE_MS = 3 * STREAM_RECHECK_MS;

const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Writes unless the stream has ended (a write after the end would throw). */
const send = (stream: PassThrough, text: string) => stream.writable && stream.write(text);

function parseSignal(payload: string): NotificationSignal | undefined {
  try {
    const signal = JSON.parse(payload) as Partial<NotificationSignal>;
    return Number.isInteger(signal.user_id) ? (signal as NotificationSignal) : undefined;
  } catch {
    return undefined;
  }
}

/** The sessions that streams belong to, as the auth module knows them. */
export interface StreamSessions {
  /** Whether a stream's session may go on: still open, its user there and approved. */
  isValid(claims: AccessClaims): Promise<boolean>;
  /** A process announced that sessions of the user ended or its account changed: read them again. */
  forget(userId: number): void;
}

/**
 * The live notification streams (Server-Sent Events) open on this process. One LISTEN per process
 * receives every signal sent with NOTIFY by any process; each is pushed to the streams of its user.
 * A stream belongs to the session that opened it: it ends when that session ends or its user is no
 * longer approved (a `sessions_ended` signal, sent at logout, any change of status, deletion and
 * password change, which also makes every process forget what it cached of the user's sessions and
 * account), and every 30 s the sessions of all open streams are checked again.
 */
interface OpenStream {
  claims: AccessClaims;
  /** Its slot in the count of the user's streams. */
  id: string;
}

export class NotificationStreams {
  private readonly streamsByUser = new Map<number, Map<PassThrough, OpenStream>>();
  private unlisten: (() => Promise<void>) | undefined;
  private recheckTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly notifications: NotificationsService,
    private readonly sessions: StreamSessions,
    private readonly log: FastifyBaseLogger,
    private readonly slots: StreamSlots = new LocalStreamSlots(),
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
      this.dispatch(payload).catch((error) => this.log.error({ err: error }, 'notification push failed'));
    });
    this.recheckTimer = setInterval(() => {
      this.recheckAll().catch((error) => this.log.error({ err: error }, 'stream session check failed'));
      this.slots
        .renew(this.openStreams().map(({ userId, id }) => ({ userId, streamId: id })))
        .catch((error) => this.log.error({ err: error }, 'stream leases not renewed'));
    }, STREAM_RECHECK_MS).unref();
  }

  /** How many streams the user has open on this process. */
  openCount(userId: number): number {
    return this.streamsByUser.get(userId)?.size ?? 0;
  }

  /** A stream of SSE text for the session's user: the unread count first, then live events and heartbeats. */
  async open(claims: AccessClaims): Promise<PassThrough> {
    const { userId } = claims;
    const id = randomUUID();
    if (!(await this.takeSlot(userId, id))) {
      throw new AppError(
        429,
        'TOO_MANY_STREAMS',
        `Too many live notification streams are open for this account (at most ${MAX_STREAMS_PER_USER}): close some tabs`,
      );
    }
    const streams = this.streamsByUser.get(userId) ?? new Map<PassThrough, OpenStream>();
    const stream = new PassThrough();
    this.streamsByUser.set(userId, streams);
    streams.set(stream, { claims, id }); // before counting, so that nothing that happens meanwhile is missed
    const heartbeat = setInterval(() => send(stream, ': heartbeat\n\n'), HEARTBEAT_MS).unref();
    stream.once('close', () => {
      clearInterval(heartbeat);
      streams.delete(stream);
      if (streams.size === 0 && this.streamsByUser.get(userId) === streams) this.streamsByUser.delete(userId);
      this.slots
        .release(userId, id)
        .catch((error) => this.log.error({ err: error }, 'stream slot not released'));
    });
    try {
      const unread = await this.notifications.unreadCount(userId);
      stream.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
      stream.write(sseEvent('unread-count', unread));
      if (this.closed) stream.end(); // opened while the server was shutting down
      return stream;
    } catch (error) {
      stream.destroy();
      throw error;
    }
  }

  /**
   * A slot among the user's streams. Should the shared count (Redis) fail to answer, this process's
   * own count decides: the limit then holds per process, as without Redis.
   */
  private async takeSlot(userId: number, id: string): Promise<boolean> {
    try {
      return await this.slots.acquire(userId, id, MAX_STREAMS_PER_USER);
    } catch (error) {
      this.log.error({ err: error }, 'stream count unavailable; counting this process only');
      return this.openCount(userId) < MAX_STREAMS_PER_USER;
    }
  }

  private openStreams(): { userId: number; id: string }[] {
    return [...this.streamsByUser].flatMap(([userId, streams]) =>
      [...streams.values()].map(({ id }) => ({ userId, id })),
    );
  }

  /** Checks the session of every open stream (or of one user's) and ends those whose session ended. */
  async recheckAll(userId?: number): Promise<void> {
    const users = userId === undefined ? [...this.streamsByUser.keys()] : [userId];
    for (const id of users) {
      const streams = this.streamsByUser.get(id);
      if (!streams) continue;
      const verdicts = new Map<string, Promise<boolean>>();
      for (const [stream, { claims }] of streams) {
        if (!verdicts.has(claims.sessionId)) verdicts.set(claims.sessionId, this.sessions.isValid(claims));
        if (!(await verdicts.get(claims.sessionId))) stream.end();
      }
    }
  }

  /** Ends every open stream (so that a graceful shutdown need not wait for them) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.recheckTimer);
    for (const streams of this.streamsByUser.values()) for (const stream of streams.keys()) stream.end();
    this.streamsByUser.clear();
    await this.unlisten?.();
  }

  private async dispatch(payload: string): Promise<void> {
    const signal = parseSignal(payload);
    if (signal?.sessions_ended) this.sessions.forget(signal.user_id);
    const streams = signal && this.streamsByUser.get(signal.user_id);
    if (!signal || !streams?.size) return;
    if (signal.sessions_ended) return this.recheckAll(signal.user_id);
    const [notification, count] = await Promise.all([
      signal.id === undefined ? undefined : this.notifications.get(signal.user_id, signal.id),
      this.notifications.unreadCount(signal.user_id),
    ]);
    const event = notification
      ? sseEvent('notification', { ...count, notification })
      : sseEvent('unread-count', count);
    for (const stream of streams.keys()) send(stream, event);
  }
}
