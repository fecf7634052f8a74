import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { refreshTokens } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export class RefreshTokensRepository {
  constructor(private readonly db: Database) {}

  async insert(
    values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
    db: Database = this.db,
  ): Promise<void> {
    await db.insert(refreshTokens).values(values);
  }

  /** Locks the row so that two concurrent refreshes of one token cannot both succeed. */
  async findByHashForUpdate(tokenHash: string, db: Database): Promise<RefreshTokenRow | undefined> {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    return row;
  }

  async findByHash(tokenHash: string, db: Database = this.db): Promise<RefreshTokenRow | undefined> {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  async markUsed(id: number, at: Date, db: Database): Promise<void> {
    await db.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
  }

  async revokeFamily(familyId: string, at: Date, db: Database = this.db): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Whether the family still has a token that is neither revoked nor expired. */
  async isFamilyOpen(familyId: string, now: Date, db: Database = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** Revokes every open token of the user (but the family `keep`); returns the families it ended. */
  async revokeUser(
    userId: number,
    at: Date,
    keep: string | undefined,
    db: Database = this.db,
  ): Promise<string[]> {
    const rows = await db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keep ? ne(refreshTokens.familyId, keep) : undefined,
        ),
      )
      .returning({ familyId: refreshTokens.familyId });
    return [...new Set(rows.map((row) => row.familyId))];
  }

  async deleteExpired(before: Date, db: Database = this.db): Promise<void> {
    await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < ${before}`);
  }
}
