import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export class PasswordResetsRepository {
  constructor(private readonly db: Database) {}

  async insert(values: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(passwordResetTokens).values(values);
  }

  /** Marks an unused, unexpired token used and returns its user; undefined when it cannot be used. */
  async consume(tokenHash: string, now: Date, db: Database): Promise<number | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  }

  /** Ends every other open reset link of the user once the password has been set. */
  async consumeAllOf(userId: number, now: Date, db: Database): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }
}
