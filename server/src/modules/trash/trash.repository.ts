import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/batches';
import type { Database } from '../../db/client';
import { trashItems } from '../../db/schema';
import type { TrashRowsSelection } from '../../db/trash-rows';

export type TrashItemRow = Omit<typeof trashItems.$inferSelect, 'payload' | 'userId'>;
export type TrashKind = TrashItemRow['kind'];
/** An item deleted for good: whose, what kind, and the id it had. */
export type GoneItem = { userId: number; kind: TrashKind; itemId: number };

const LISTED = {
  id: trashItems.id,
  kind: trashItems.kind,
  itemId: trashItems.itemId,
  label: trashItems.label,
  batch: trashItems.batch,
  deletedAt: trashItems.deletedAt,
};
const GONE = { userId: trashItems.userId, kind: trashItems.kind, itemId: trashItems.itemId };

const selected = (selection: TrashRowsSelection): SQL =>
  'batch' in selection ? eq(trashItems.batch, selection.batch) : anyOf(trashItems.id, selection.ids);

/** The Trash's own reads and deletes; the kinds' repositories move their rows in and out (db/trash-rows.ts). */
export class TrashRepository {
  constructor(private readonly db: Database) {}

  /** A page of the user's trash, newest first. */
  list(userId: number, kind: TrashKind | undefined, page: { limit: number; offset: number }) {
    return this.db
      .select(LISTED)
      .from(trashItems)
      .where(and(eq(trashItems.userId, userId), kind ? eq(trashItems.kind, kind) : undefined))
      .orderBy(desc(trashItems.deletedAt), desc(trashItems.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** The user's number of items per kind. */
  counts(userId: number): Promise<{ kind: TrashKind; count: number }[]> {
    return this.db
      .select({ kind: trashItems.kind, count: count() })
      .from(trashItems)
      .where(eq(trashItems.userId, userId))
      .groupBy(trashItems.kind);
  }

  /** Deletes the user's selected items for good. */
  deleteForever(userId: number, selection: TrashRowsSelection, db: Database = this.db): Promise<GoneItem[]> {
    return db
      .delete(trashItems)
      .where(and(eq(trashItems.userId, userId), selected(selection)))
      .returning(GONE);
  }

  /** Empties the user's Trash. */
  empty(userId: number, db: Database = this.db): Promise<GoneItem[]> {
    return db.delete(trashItems).where(eq(trashItems.userId, userId)).returning(GONE);
  }

  /** Deletes for good, everyone's, what was deleted before `cutoff` (the purge job). */
  purgeBefore(cutoff: Date, db: Database = this.db): Promise<GoneItem[]> {
    return db
      .delete(trashItems)
      .where(lt(trashItems.deletedAt, sql`${cutoff.toISOString()}::timestamptz`))
      .returning(GONE);
  }
}
