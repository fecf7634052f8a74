import {
  type ListTrashQuery,
  TRASH_KINDS,
  type TrashCount,
  type TrashKind,
  type TrashResponse,
  type TrashSelection,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { TrashRowsSelection } from '../../db/trash-rows';
import { notFound } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import type { GoneItem, TrashRepository } from './trash.repository';

const DAY_MS = 86_400_000;

/** What a kind of item offers the Trash (registered in services.ts by the module that owns the kind). */
export interface TrashKindHandler {
  /** Moves the user's selected items of this kind back, in the given transaction; answers how many. */
  restore(userId: number, selection: TrashRowsSelection, tx: Database): Promise<number>;
  /** After the user's items of this kind were deleted for good (committed). */
  purged(userId: number, itemIds: number[]): Promise<void>;
}

/**
 * The Trash (decision 0050): lists what a user deleted, restores it through its kind, deletes it for
 * good (one by one, emptied, or by the purge job after `trashDays`).
 */
export class TrashService {
  private readonly kinds = new Map<TrashKind, TrashKindHandler>();

  constructor(
    private readonly db: Database,
    private readonly repository: TrashRepository,
    private readonly clock: Clock,
    private readonly trashDays: number,
  ) {}

  register(kind: TrashKind, handler: TrashKindHandler): void {
    this.kinds.set(kind, handler);
  }

  async list(userId: number, query: ListTrashQuery): Promise<TrashResponse> {
    const { page, page_size, kind } = query;
    const [rows, perKind] = await Promise.all([
      this.repository.list(userId, kind, { limit: page_size, offset: (page - 1) * page_size }),
      this.repository.counts(userId),
    ]);
    const counts = Object.fromEntries(TRASH_KINDS.map((name) => [name, 0])) as Record<TrashKind, number>;
    for (const row of perKind) counts[row.kind] = row.count;
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        item_id: row.itemId,
        label: row.label,
        batch: row.batch,
        deleted_at: row.deletedAt.toISOString(),
        purge_at: new Date(row.deletedAt.getTime() + this.trashDays * DAY_MS).toISOString(),
      })),
      total: kind ? counts[kind] : Object.values(counts).reduce((sum, value) => sum + value, 0),
      counts,
      trash_days: this.trashDays,
      page,
      page_size,
    };
  }

  /** Restores the selection, every kind in one transaction; 404 when none of it is the user's trash. */
  async restore(userId: number, selection: TrashSelection): Promise<TrashCount> {
    const chosen = toSelection(selection);
    const restored = await this.db.transaction(async (tx) => {
      let total = 0;
      for (const handler of this.kinds.values()) total += await handler.restore(userId, chosen, tx);
      return total;
    });
    if (restored === 0) throw notFound('Trash item');
    return { count: restored };
  }

  /** Deletes the selection for good; 404 when none of it is the user's trash. */
  async deleteForever(userId: number, selection: TrashSelection): Promise<TrashCount> {
    const gone = await this.repository.deleteForever(userId, toSelection(selection));
    if (gone.length === 0) throw notFound('Trash item');
    await this.purged(gone);
    return { count: gone.length };
  }

  async empty(userId: number): Promise<TrashCount> {
    const gone = await this.repository.empty(userId);
    await this.purged(gone);
    return { count: gone.length };
  }

  /** The purge job: deletes for good what has been in the Trash for `trashDays`. */
  async purgeExpired(): Promise<number> {
    const gone = await this.repository.purgeBefore(
      new Date(this.clock().getTime() - this.trashDays * DAY_MS),
    );
    await this.purged(gone);
    return gone.length;
  }

  /** Tells each kind, per user, which of its items are gone. */
  private async purged(gone: GoneItem[]): Promise<void> {
    const byOwner = new Map<string, { userId: number; kind: TrashKind; ids: number[] }>();
    for (const item of gone) {
      const key = `${item.userId}:${item.kind}`;
      const entry = byOwner.get(key) ?? { userId: item.userId, kind: item.kind, ids: [] };
      entry.ids.push(item.itemId);
      byOwner.set(key, entry);
    }
    for (const { userId, kind, ids } of byOwner.values()) await this.kinds.get(kind)?.purged(userId, ids);
  }
}

const toSelection = (selection: TrashSelection): TrashRowsSelection =>
  selection.batch !== undefined ? { batch: selection.batch } : { ids: selection.ids ?? [] };
