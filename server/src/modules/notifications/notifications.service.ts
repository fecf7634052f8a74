import type { NotificationSubjectType, NotificationType } from '@relate/contracts';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

export interface NotifyInput {
  userId: number;
  type: NotificationType;
  text: string;
  /** What it is about, so that a click can open it. */
  subject?: { type: NotificationSubjectType; id: number };
}

export class NotificationsService {
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

  async notifyMany(inputs: NotifyInput[], db: Database = this.db): Promise<NotificationRow[]> {
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
    await this.repository.signal(
      rows.map((row) => ({ user_id: row.userId, id: row.id })),
      db,
    );
    return rows;
  }

  async list(userId: number, page: number, pageSize: number) {
    const [rows, total] = await Promise.all([
      this.repository.page(userId, { limit: pageSize, offset: (page - 1) * pageSize }),
      this.repository.count(userId),
    ]);
    return { rows, total };
  }

  get(userId: number, id: number): Promise<NotificationRow | undefined> {
    return this.repository.findById(userId, id);
  }

  unreadCount(userId: number): Promise<number> {
    return this.repository.countUnread(userId);
  }

  async markRead(userId: number, id: number): Promise<NotificationRow> {
    const row = await this.repository.markRead(userId, id);
    if (!row) throw notFound('Notification');
    await this.repository.signal([{ user_id: userId }]);
    return row;
  }

  /** Marks every unread notification read; returns how many there were. */
  async markAllRead(userId: number): Promise<number> {
    const updated = await this.repository.markAllRead(userId);
    if (updated > 0) await this.repository.signal([{ user_id: userId }]);
    return updated;
  }
}
