import { z } from 'zod';
import { isoDateTime, storedText, TimestampSchema } from './common';

/** What a timeline entry is (issue 35): written as it happened, newest first. */
export const TimelineEntryTypeSchema = z.enum([
  'note',
  'interaction',
  'field_change',
  'created',
  'import',
  'merge',
  'share',
  'sync',
]);
export type TimelineEntryType = z.infer<typeof TimelineEntryTypeSchema>;

export const InteractionKindSchema = z.enum(['call', 'meeting', 'email', 'message'], {
  error: 'Kind must be call, meeting, email or message',
});
export type InteractionKind = z.infer<typeof InteractionKindSchema>;

/** One field of a field change, as the API names it (`job_title`), with its values before and after. */
export const FieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChangeDto = z.infer<typeof FieldChangeSchema>;

export const TimelineEntrySchema = z.object({
  id: z.number().int(),
  type: TimelineEntryTypeSchema,
  /** When it happened: an interaction's date, otherwise when it was recorded. */
  occurred_at: TimestampSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** Who did it (a note's author); null for the Google sync or a deleted account. */
  actor_name: z.string().nullable(),
  /** Whether the caller may edit or delete it: a note of their own. */
  can_edit: z.boolean(),
  /** A note's Markdown, an interaction's summary. */
  body: z.string().nullable(),
  interaction_kind: InteractionKindSchema.nullable(),
  duration_minutes: z.number().int().nullable(),
  /** A field change's (or a sync change's) fields; empty for other entries. */
  changes: z.array(FieldChangeSchema),
  /** What an import, merge, share or sync did, in a sentence. */
  detail: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const TIMELINE_PAGE_SIZE = 20;

export const TimelineQuerySchema = z.object({
  /** The `next_cursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d+$/, { error: 'Cursor must be the next_cursor of a page' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.infer<typeof TimelineQuerySchema>;

export const TimelineResponseSchema = z.object({
  entries: z.array(TimelineEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof TimelineResponseSchema>;

export const MAX_NOTE_LENGTH = 20_000;
export const MAX_SUMMARY_LENGTH = 5_000;

/** POST /people/{id}/notes, POST /companies/{id}/notes, PUT /notes/{id}. */
export const NoteBodySchema = z.object({
  body: storedText({ error: 'Note is required' })
    .trim()
    .min(1, { error: 'Note is required' })
    .max(MAX_NOTE_LENGTH, {
      error: `Note must be at most ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters`,
    }),
});
export type NoteBody = z.infer<typeof NoteBodySchema>;

/** POST /people/{id}/interactions. */
export const NewInteractionSchema = z.object({
  kind: InteractionKindSchema,
  date: isoDateTime('Date'),
  duration_minutes: z
    .number({ error: 'Duration must be a number of minutes' })
    .int({ error: 'Duration must be a whole number of minutes' })
    .min(1, { error: 'Duration must be at least 1 minute' })
    .max(1440, { error: 'Duration must be at most 1440 minutes' })
    .nullish()
    .transform((value) => value ?? null),
  summary: storedText({ error: 'Summary must be text' })
    .trim()
    .max(MAX_SUMMARY_LENGTH, {
      error: `Summary must be at most ${MAX_SUMMARY_LENGTH.toLocaleString('en-US')} characters`,
    })
    .nullish()
    .transform((value) => value || null),
});
export type NewInteraction = z.input<typeof NewInteractionSchema>;
export type Interaction = z.output<typeof NewInteractionSchema>;
