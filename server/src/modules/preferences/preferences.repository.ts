import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userPreferences } from '../../db/schema';

export class PreferencesRepository {
  constructor(private readonly db: Database) {}

  async all(userId: number, db: Database = this.db): Promise<Map<string, unknown>> {
    const rows = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async get(userId: number, key: string, db: Database = this.db): Promise<unknown> {
    const [row] = await db
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)));
    return row?.value;
  }

  /** Forgets the user's value of `key`: the default applies again. */
  async remove(userId: number, key: string, db: Database = this.db): Promise<void> {
    await db
      .delete(userPreferences)
      .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)));
  }

  async set(userId: number, key: string, value: unknown, db: Database = this.db): Promise<void> {
    await db
      .insert(userPreferences)
      .values({ userId, key, value })
      .onConflictDoUpdate({
        target: [userPreferences.userId, userPreferences.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
}
