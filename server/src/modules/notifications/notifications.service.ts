import type {
  Notification,
  NotificationSubjectType,
  NotificationsResponse,
  NotificationType,
  UnreadCount,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { toNotificationDto, toUnreadCountDto } from './notifications.mappers';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

export interface NotifyInput {
  userId: number;
  type: NotificationType;
  text: string;
  /** What it is about, so that a click can open it. */
  subject?: { type: NotificationSubjectType; id: number };
}

/** Runs in the transaction that stores new notifications (e.g. to queue their bot delivery). */
export type NotificationsCreatedListener = (rows: NotificationRow[], tx: Database) => Promise<void>;

export class NotificationsService {
  private readonly createdListeners: NotificationsCreatedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: NotificationsRepository,
  ) {}

  /**
   * Stores a notification and announces it to every server process. Pass the caller's transaction:
   * the live push then goes out only if and when it commits.
   */
  async notify(input: NotifyInput, db: Database = this.db): Promise<NotificationRow> {
    const [row] = await this.notifyMany([input], db);
    return row;
  }

  onCreated(listener: NotificationsCreatedListener): void {
    this.createdListeners.push(listener);
  }

  async notifyMany(inputs: NotifyInput[], db: Database = this.db): Promise<NotificationRow[]> {
    if (inputs.length === 0) return [];
    if (db === this.db && this.createdListeners.length > 0) {
      return this.db.transaction((tx) => this.notifyMany(inputs, tx));
    }
    const rows = await this.repository.insertMany(
      inputs.map((input) => ({
        userId: input.userId,
        notificationType: input.type,
        notification: input.text,
        subjectType: input.subject?.type ?? null,
        subjectId: input.subject?.id ?? null,
      })),
      db,
    );
    for (const listener of this.createdListeners) await listener(rows, db);
    await this.repository.signal(
      rows.map((row) => ({ user_id: row.userId, id: row.id })),
      db,
    );
    return rows;
  }

  /**
   * Tells every server process that sessions of the user ended, so that their live streams re-check
   * theirs now. In the caller's transaction the signal goes out at commit, when the change is visible.
   */
  async sessionsEnded(userId: number, db: Database = this.db): Promise<void> {
    await this.repository.signal([{ user_id: userId, sessions_ended: true }], db);
  }

  async list(userId: number, page: number, pageSize: number): Promise<NotificationsResponse> {
    const [rows, total] = await Promise.all([
      this.repository.page(userId, { limit: pageSize, offset: (page - 1) * pageSize }),
      this.repository.count(userId),
    ]);
    return { notifications: rows.map(toNotificationDto), total, page, page_size: pageSize };
  }

  async get(userId: number, id: number): Promise<Notification | undefined> {
    const row = await this.repository.findById(userId, id);
    return row && toNotificationDto(row);
  }

  async unreadCount(userId: number): Promise<UnreadCount> {
    return toUnreadCountDto(await this.repository.countUnread(userId));
  }

  async markRead(userId: number, id: number): Promise<Notification> {
    const row = await this.repository.markRead(userId, id);
    if (!row) throw notFound('Notification');
    await this.repository.signal([{ user_id: userId }]);
    return toNotificationDto(row);
  }

  /** Marks every unread notification read; returns how many there were. */
  async markAllRead(userId: number): Promise<number> {
    const updated = await this.repository.markAllRead(userId);
    if (updated > 0) await this.repository.signal([{ user_id: userId }]);
    return updated;
  }
}
