import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { systemSettings } from '../../db/schema';

/** Installation-wide settings shared by every process through the database. */
export class SystemSettingsRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<string | undefined> {
    const [row] = await this.db.select().from(systemSettings).where(eq(systemSettings.key, key));
    return row?.value;
  }

  /** The value of `key`, stored as `initial` by the first process that asks (later ones read it). */
  async getOrInit(key: string, initial: string): Promise<string> {
    await this.db.insert(systemSettings).values({ key, value: initial }).onConflictDoNothing();
    const [row] = await this.db.select().from(systemSettings).where(eq(systemSettings.key, key));
    return row.value;
  }
}
