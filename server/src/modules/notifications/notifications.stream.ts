import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../auth/tokens';
import { NOTIFICATIONS_CHANNEL, type NotificationSignal } from './notifications.repository';
import type { NotificationsService } from './notifications.service';

const HEARTBEAT_MS = 25_000;
const RECONNECT_DELAY_MS = 5_000;
/** How often every open stream's session and user are checked again (a signal may have been lost). */
export const STREAM_RECHECK_MS = 30_000;
/** Open streams per user on one process; one more is refused with 429 (decision 26). */
export const MAX_STREAMS_PER_USER = 10;

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

/** Whether a stream's session may go on: still open, its user there and approved. */
export type SessionCheck = (claims: AccessClaims) => Promise<boolean>;

/**
 * The live notification streams (Server-Sent Events) open on this process. One LISTEN per process
 * receives every signal sent with NOTIFY by any process; each is pushed to the streams of its user.
 * A stream belongs to the session that opened it: it ends when that session ends (a `sessions_ended`
 * signal, sent at logout, rejection, deletion and password change) and every 30 s the sessions of all
 * open streams are checked again.
 */
export class NotificationStreams {
  private readonly streamsByUser = new Map<number, Map<PassThrough, AccessClaims>>();
  private unlisten: (() => Promise<void>) | undefined;
  private recheckTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly notifications: NotificationsService,
    private readonly isSessionValid: SessionCheck,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
      this.dispatch(payload).catch((error) => this.log.error({ err: error }, 'notification push failed'));
    });
    this.recheckTimer = setInterval(() => {
      this.recheckAll().catch((error) => this.log.error({ err: error }, 'stream session check failed'));
    }, STREAM_RECHECK_MS).unref();
  }

  /** How many streams the user has open on this process. */
  openCount(userId: number): number {
    return this.streamsByUser.get(userId)?.size ?? 0;
  }

  /** A stream of SSE text for the session's user: the unread count first, then live events and heartbeats. */
  async open(claims: AccessClaims): Promise<PassThrough> {
    const { userId } = claims;
    const streams = this.streamsByUser.get(userId) ?? new Map<PassThrough, AccessClaims>();
    if (streams.size >= MAX_STREAMS_PER_USER) {
      throw new AppError(
        429,
        'TOO_MANY_STREAMS',
        `Too many live notification streams are open for this account (at most ${MAX_STREAMS_PER_USER}): close some tabs`,
      );
    }
    const stream = new PassThrough();
    this.streamsByUser.set(userId, streams);
    streams.set(stream, claims); // before counting, so that nothing that happens meanwhile is missed
    const heartbeat = setInterval(() => send(stream, ': heartbeat\n\n'), HEARTBEAT_MS).unref();
    stream.once('close', () => {
      clearInterval(heartbeat);
      streams.delete(stream);
      if (streams.size === 0 && this.streamsByUser.get(userId) === streams) this.streamsByUser.delete(userId);
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

  /** Checks the session of every open stream (or of one user's) and ends those whose session ended. */
  async recheckAll(userId?: number): Promise<void> {
    const users = userId === undefined ? [...this.streamsByUser.keys()] : [userId];
    for (const id of users) {
      const streams = this.streamsByUser.get(id);
      if (!streams) continue;
      const verdicts = new Map<string, Promise<boolean>>();
      for (const [stream, claims] of streams) {
        if (!verdicts.has(claims.sessionId)) verdicts.set(claims.sessionId, this.isSessionValid(claims));
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
