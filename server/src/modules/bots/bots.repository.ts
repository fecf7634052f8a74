import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { botDeliveries, botInboundUpdates, botLinkRequests } from '../../db/schema';

export type LinkRequestRow = typeof botLinkRequests.$inferSelect;
export type NewLinkRequestRow = typeof botLinkRequests.$inferInsert;
export type Platform = LinkRequestRow['platform'];

const open = (now: Date) => and(isNull(botLinkRequests.closedAt), gt(botLinkRequests.expiresAt, now));

export class BotsRepository {
  constructor(private readonly db: Database) {}

  async insertLinkRequest(
    values: NewLinkRequestRow & { createdAt: Date },
    db: Database = this.db,
  ): Promise<LinkRequestRow> {
    const [row] = await db.insert(botLinkRequests).values(values).returning();
    return row;
  }

  /** Closes the user's open requests on one platform (a new one replaces them). */
  async closeOpenRequests(userId: number, platform: Platform, now: Date, db: Database = this.db) {
    await db
      .update(botLinkRequests)
      .set({ closedAt: now })
      .where(
        and(
          eq(botLinkRequests.userId, userId),
          eq(botLinkRequests.platform, platform),
          isNull(botLinkRequests.closedAt),
        ),
      );
  }

  /** The open request with this token, locked until the transaction ends so that it is used once. */
  async lockOpenByToken(
    tokenHash: string,
    method: LinkRequestRow['method'],
    now: Date,
    db: Database,
  ): Promise<LinkRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(botLinkRequests)
      .where(and(eq(botLinkRequests.tokenHash, tokenHash), eq(botLinkRequests.method, method), open(now)))
      .for('update');
    return row;
  }

  async latestOpen(
    userId: number,
    platform: Platform,
    now: Date,
    db: Database = this.db,
    lock = false,
  ): Promise<LinkRequestRow | undefined> {
    const query = db
      .select()
      .from(botLinkRequests)
      .where(and(eq(botLinkRequests.userId, userId), eq(botLinkRequests.platform, platform), open(now)))
      .orderBy(desc(botLinkRequests.createdAt), desc(botLinkRequests.id))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** How many link requests the user made on a platform since `since` (a limit on codes and questions sent). */
  async countSince(
    userId: number,
    platform: Platform,
    since: Date,
    method: LinkRequestRow['method'],
    db: Database = this.db,
  ): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(botLinkRequests)
      .where(
        and(
          eq(botLinkRequests.userId, userId),
          eq(botLinkRequests.platform, platform),
          eq(botLinkRequests.method, method),
          gte(botLinkRequests.createdAt, since),
        ),
      );
    return row.value;
  }

  async latestConfirmed(userId: number, platform: Platform, db: Database = this.db) {
    const [row] = await db
      .select()
      .from(botLinkRequests)
      .where(
        and(
          eq(botLinkRequests.userId, userId),
          eq(botLinkRequests.platform, platform),
          sql`${botLinkRequests.confirmedAt} is not null`,
        ),
      )
      .orderBy(desc(botLinkRequests.confirmedAt))
      .limit(1);
    return row;
  }

  async updateRequest(
    id: number,
    values: Partial<NewLinkRequestRow>,
    db: Database = this.db,
  ): Promise<LinkRequestRow> {
    const [row] = await db.update(botLinkRequests).set(values).where(eq(botLinkRequests.id, id)).returning();
    return row;
  }

  /** True the first time an inbound update is seen; false for a redelivery. */
  async claimInbound(platform: Platform, externalId: string, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .insert(botInboundUpdates)
      .values({ platform, externalId })
      .onConflictDoNothing()
      .returning({ externalId: botInboundUpdates.externalId });
    return rows.length > 0;
  }

  /** Forgets an inbound update whose handling failed, so that the platform's retry is handled. */
  async releaseInbound(platform: Platform, externalId: string, db: Database = this.db): Promise<void> {
    await db
      .delete(botInboundUpdates)
      .where(and(eq(botInboundUpdates.platform, platform), eq(botInboundUpdates.externalId, externalId)));
  }

  /** True if this delivery key was not yet recorded for the user (the caller then sends it). */
  async claimDelivery(
    userId: number,
    deliveryKey: string,
    platform: Platform | null,
    db: Database = this.db,
  ): Promise<boolean> {
    const rows = await db
      .insert(botDeliveries)
      .values({ userId, deliveryKey, platform })
      .onConflictDoNothing()
      .returning({ id: botDeliveries.id });
    return rows.length > 0;
  }

  async releaseDelivery(userId: number, deliveryKey: string, db: Database = this.db): Promise<void> {
    await db
      .delete(botDeliveries)
      .where(and(eq(botDeliveries.userId, userId), eq(botDeliveries.deliveryKey, deliveryKey)));
  }
}
