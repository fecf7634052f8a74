import { and, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { runNamed } from '../../db/named-statements';
import { accountHistory, users } from '../../db/schema';
import type { AuthUser } from '../../lib/auth-user';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserStatus = UserRow['status'];
export type AccountHistoryRow = typeof accountHistory.$inferSelect;

const emailMatches = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number, db: Database = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * What every signed-in request checks (id, e-mail, name, status, role, plan), read in one named
   * statement on PostgreSQL: six columns instead of the whole row, parsed once per connection.
   */
  async findAuthUser(id: number, db: Database = this.db): Promise<AuthUser | undefined> {
    const [row] = await runNamed(
      db,
      db
        .select({
          id: users.id,
          email: users.email,
          fullName: users.fullName,
          status: users.status,
          role: users.role,
          plan: users.plan,
        })
        .from(users)
        .where(eq(users.id, id)),
    );
    if (!row) return undefined;
    return {
      id: row.id as number,
      email: row.email as string,
      fullName: row.full_name as string | null,
      status: row.status as AuthUser['status'],
      role: row.role as AuthUser['role'],
      plan: row.plan as AuthUser['plan'],
    };
  }

  async findByEmail(email: string, db: Database = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(emailMatches(email));
    return row;
  }

  async addHistory(
    entry: Pick<AccountHistoryRow, 'userId' | 'kind' | 'message'>,
    db: Database = this.db,
  ): Promise<void> {
    await db.insert(accountHistory).values(entry);
  }

  /** The account's history, newest first. */
  history(userId: number, db: Database = this.db): Promise<AccountHistoryRow[]> {
    return db
      .select()
      .from(accountHistory)
      .where(eq(accountHistory.userId, userId))
      .orderBy(desc(accountHistory.createdAt), desc(accountHistory.id));
  }

  async findByGoogleSubject(subject: string, db: Database = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.googleSubject, subject));
    return row;
  }

  async findByIds(ids: number[], db: Database = this.db): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(users).where(inArray(users.id, ids));
  }

  async findByEmails(emails: string[], db: Database = this.db): Promise<UserRow[]> {
    if (emails.length === 0) return [];
    const lowered = emails.map((email) => email.toLowerCase());
    return db.select().from(users).where(sql`lower(${users.email}) in ${lowered}`);
  }

  async findByTelegramId(telegramId: string, db: Database = this.db): Promise<UserRow[]> {
    return db.select().from(users).where(eq(users.telegramId, telegramId));
  }

  async findByWhatsappPhone(phone: string, db: Database = this.db): Promise<UserRow[]> {
    return db.select().from(users).where(eq(users.whatsappPhoneNumber, phone));
  }

  /** Approved users with a linked Telegram or WhatsApp account: who the bots send reminders to. */
  async listMessagingLinked(db: Database = this.db): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(
        and(
          eq(users.status, 'approved'),
          or(isNotNull(users.telegramId), isNotNull(users.whatsappPhoneNumber)),
        ),
      );
  }

  /** Unlinks every Telegram account; returns how many users had one. */
  async clearAllTelegram(db: Database = this.db): Promise<number> {
    const rows = await db
      .update(users)
      .set({ telegramId: null, telegramName: null, updatedAt: new Date() })
      .where(isNotNull(users.telegramId))
      .returning({ id: users.id });
    return rows.length;
  }

  async insert(values: NewUserRow, db: Database = this.db): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row;
  }

  async list(filter: { status?: UserStatus } = {}, db: Database = this.db): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(filter.status ? eq(users.status, filter.status) : undefined)
      .orderBy(desc(users.createdAt), desc(users.id));
  }

  async count(db: Database = this.db): Promise<number> {
    const [row] = await db.select({ value: count() }).from(users);
    return row.value;
  }

  async countAdmins(db: Database = this.db): Promise<number> {
    const [row] = await db.select({ value: count() }).from(users).where(eq(users.role, 'admin'));
    return row.value;
  }

  async countApprovedAdmins(db: Database = this.db): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')));
    return row.value;
  }

  async approvedAdminIds(db: Database = this.db): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')));
    return rows.map((row) => row.id);
  }

  async update(
    id: number,
    values: Partial<NewUserRow>,
    db: Database = this.db,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async delete(id: number, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .delete(users)
      .where(and(eq(users.id, id)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Serialises first-account detection between concurrent registrations (released at commit). */
  async lockRegistrations(db: Database): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(7200212)`);
  }

  /** Serialises changes that could leave no approved administrator (released at commit). */
  async lockAdminChanges(db: Database): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(7200213)`);
  }
}
