import { z } from 'zod';
import { IdSchema, PageQuerySchema, TimestampSchema } from './common';

/** What can be in the Trash (decision 0050). */
export const TRASH_KINDS = ['contact', 'company', 'task'] as const;
export const TrashKindSchema = z.enum(TRASH_KINDS, { error: 'Unknown kind' });
export type TrashKind = z.infer<typeof TrashKindSchema>;

/** One delete (a contact, a selection, "Delete all"): the Undo of its toast restores it. */
export const TrashBatchSchema = z.uuid({ error: 'Not a trash batch' });

/** The answer of a delete that moved items to the Trash. */
export const TrashedSchema = z.object({
  message: z.string(),
  /** How many items went to the Trash. */
  deleted: z.number().int(),
  /** What POST /api/trash/restore takes to undo this delete; null when nothing was deleted. */
  trash_batch: z.string().nullable(),
});
export type Trashed = z.infer<typeof TrashedSchema>;

export const TrashItemSchema = z.object({
  id: z.number().int(),
  kind: TrashKindSchema,
  /** The deleted item's own id (a restore gives it back). */
  item_id: z.number().int(),
  label: z.string(),
  batch: z.string(),
  deleted_at: TimestampSchema,
  /** When the purge job deletes it for good (deleted_at + TRASH_DAYS). */
  purge_at: TimestampSchema,
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

export const ListTrashQuerySchema = PageQuerySchema.extend({ kind: TrashKindSchema.optional() });
export type ListTrashQuery = z.infer<typeof ListTrashQuerySchema>;

export const TrashResponseSchema = z.object({
  items: z.array(TrashItemSchema),
  /** Items of the requested kind (or all). */
  total: z.number().int(),
  /** Items per kind, every kind listed. */
  counts: z.record(TrashKindSchema, z.number().int()),
  trash_days: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TrashResponse = z.infer<typeof TrashResponseSchema>;

/** Restore or delete for good: trash item ids, or a whole delete by its batch (one of the two). */
export const TrashSelectionSchema = z
  .object({
    ids: z.array(IdSchema).min(1, { error: 'Choose at least one item' }).max(10_000).optional(),
    batch: TrashBatchSchema.optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.batch === undefined), {
    error: 'Send either ids or batch',
    path: ['ids'],
  });
export type TrashSelection = z.infer<typeof TrashSelectionSchema>;

export const TrashCountSchema = z.object({ count: z.number().int() });
export type TrashCount = z.infer<typeof TrashCountSchema>;
