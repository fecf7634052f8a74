import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { planChanges } from '../../db/schema';

export type PlanChangeRow = typeof planChanges.$inferSelect;
export type NewPlanChange = typeof planChanges.$inferInsert;

/** The plan audit trail (plan_changes). */
export class PlansRepository {
  constructor(private readonly db: Database) {}

  async insertChange(change: NewPlanChange, db: Database = this.db): Promise<PlanChangeRow> {
    const [row] = await db.insert(planChanges).values(change).returning();
    return row;
  }

  listChanges(userId: number, db: Database = this.db): Promise<PlanChangeRow[]> {
    return db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, userId))
      .orderBy(desc(planChanges.createdAt), desc(planChanges.id));
  }
}
