import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userPreferences } from '../../db/schema';

/** The names are stored as the user's `custom_fields` preference row; this module alone reads and writes it. */
const KEY = 'custom_fields';
const rowOf = (userId: number) => and(eq(userPreferences.userId, userId), eq(userPreferences.key, KEY));

export class CustomFieldsRepository {
  constructor(private readonly db: Database) {}

  async names(userId: number, db: Database = this.db): Promise<string[]> {
    const [row] = await db
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(rowOf(userId));
    return (row?.value as string[] | undefined) ?? [];
  }

  /** The names, with the row (when it exists) locked until the end of the transaction. */
  async namesForUpdate(userId: number, tx: Database): Promise<string[]> {
    const [row] = await tx
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(rowOf(userId))
      .for('update');
    return (row?.value as string[] | undefined) ?? [];
  }

  async setNames(userId: number, names: string[], tx: Database): Promise<void> {
    await tx
      .insert(userPreferences)
      .values({ userId, key: KEY, value: names })
      .onConflictDoUpdate({
        target: [userPreferences.userId, userPreferences.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
}
