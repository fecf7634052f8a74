import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { NOTIFICATIONS_CHANNEL, type NotificationSignal } from './notifications.repository';
import type { NotificationsService } from './notifications.service';

const HEARTBEAT_MS = 25_000;
const RECONNECT_DELAY_MS = 5_000;

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

/**
 * The live notification streams (Server-Sent Events) open on this process. One LISTEN per process
 * receives every signal sent with NOTIFY by any process; each is pushed to the streams of its user.
 */
export class NotificationStreams {
  private readonly streamsByUser = new Map<number, Set<PassThrough>>();
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly notifications: NotificationsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(NOTIFICATIONS_CHANNEL, (payload) => {
      this.dispatch(payload).catch((error) => this.log.error({ err: error }, 'notification push failed'));
    });
  }

  /** A stream of SSE text for the user: the unread count first, then live events and heartbeats. */
  async open(userId: number): Promise<PassThrough> {
    const stream = new PassThrough();
    const streams = this.streamsByUser.get(userId) ?? new Set();
    this.streamsByUser.set(userId, streams);
    streams.add(stream); // before counting, so that nothing that happens meanwhile is missed
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

  /** Ends every open stream (so that a graceful shutdown need not wait for them) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const streams of this.streamsByUser.values()) for (const stream of streams) stream.end();
    this.streamsByUser.clear();
    await this.unlisten?.();
  }

  private async dispatch(payload: string): Promise<void> {
    const signal = parseSignal(payload);
    const streams = signal && this.streamsByUser.get(signal.user_id);
    if (!signal || !streams?.size) return;
    const [notification, count] = await Promise.all([
      signal.id === undefined ? undefined : this.notifications.get(signal.user_id, signal.id),
      this.notifications.unreadCount(signal.user_id),
    ]);
    const event = notification
      ? sseEvent('notification', { ...count, notification })
      : sseEvent('unread-count', count);
    for (const stream of streams) send(stream, event);
  }
}
