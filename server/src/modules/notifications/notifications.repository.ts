import { and, count, desc, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/** The PostgreSQL NOTIFY channel that carries `{ user_id, id? }` to every server process. */
export const NOTIFICATIONS_CHANNEL = 'relate_notifications';

export interface NotificationSignal {
  user_id: number;
  /** The new notification; absent when only the unread count changed. */
  id?: number;
  /**
   * Sessions of the user ended or its account changed (logout, a change of status, deletion, password
   * change): every process forgets what it cached of them and re-checks the user's streams.
   */
  sessions_ended?: true;
}

const ownedBy = (userId: number) => eq(notifications.userId, userId);
const unread = not(notifications.isRead);

export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  async insertMany(rows: NewNotificationRow[], db: Database = this.db): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    return db.insert(notifications).values(rows).returning();
  }

  async findById(userId: number, id: number, db: Database = this.db): Promise<NotificationRow | undefined> {
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(ownedBy(userId), eq(notifications.id, id)));
    return row;
  }

  async page(
    userId: number,
    { limit, offset }: { limit: number; offset: number },
    db: Database = this.db,
  ): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(ownedBy(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset);
  }

  async count(userId: number, db: Database = this.db): Promise<number> {
    const [row] = await db.select({ value: count() }).from(notifications).where(ownedBy(userId));
    return row.value;
  }

  async countUnread(userId: number, db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .where(and(ownedBy(userId), unread));
    return row.value;
  }

  async markRead(userId: number, id: number, db: Database = this.db): Promise<NotificationRow | undefined> {
    const [row] = await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(ownedBy(userId), eq(notifications.id, id)))
      .returning();
    return row;
  }

  async markAllRead(userId: number, db: Database = this.db): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(ownedBy(userId), unread))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** Sends the signals with NOTIFY; inside a transaction PostgreSQL delivers them only at commit. */
  async signal(signals: NotificationSignal[], db: Database = this.db): Promise<void> {
    if (signals.length === 0) return;
    const calls = signals.map((item) => sql`pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(item)})`);
    await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
  }
}
