import { z } from 'zod';
import { UserSchema } from './auth';
import { TimestampSchema } from './common';

/** GET /api/auth/google/status (spec section 3 "Google status", plus what the Settings card shows). */
export const GoogleStatusSchema = z.object({
  has_google_account: z.boolean(),
  contacts_synced_at: TimestampSchema.nullable(),
  calendar_synced_at: TimestampSchema.nullable(),
  service_configured: z.boolean(),
  google_email: z.string().nullable(),
  /** The connected account let Relate read and write its Google Calendar events. */
  calendar_access: z.boolean(),
  contacts_sync_running: z.boolean(),
  /** Why the last contacts sync stopped, until one succeeds. */
  contacts_last_error: z.string().nullable(),
  /** Google changes waiting in the review dialog. */
  contacts_pending_review: z.number().int(),
  calendar_sync_running: z.boolean(),
  /** Why the last calendar sync stopped, until one succeeds. */
  calendar_last_error: z.string().nullable(),
  calendar_pending_review: z.number().int(),
  /**
   * What deleting a linked contact in Relate does at Google: delete it there too, or keep it there;
   * null until the user chose (kept meanwhile).
   */
  contact_deletes: z.enum(['delete', 'keep']).nullable(),
});
export type GoogleStatus = z.infer<typeof GoogleStatusSchema>;

/** POST /api/auth/google/settings */
export const GoogleSettingsBodySchema = z.object({ contact_deletes: z.enum(['delete', 'keep']) });
export type GoogleSettingsBody = z.infer<typeof GoogleSettingsBodySchema>;

export const GoogleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Sign-in answers a session; connecting Google from Settings answers `connected`. */
export const GoogleCallbackResponseSchema = z.object({
  user: UserSchema,
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  token_type: z.literal('bearer').optional(),
  expires_in: z.number().int().optional(),
  connected: z.boolean().optional(),
});
export type GoogleCallbackResponse = z.infer<typeof GoogleCallbackResponseSchema>;

/** changed / conflict review items: each field with Relate's and Google's value. */
const ReviewChangesSchema = z.array(
  z.object({
    field: z.string(),
    relate: z.string().nullable(),
    google: z.string().nullable(),
    /** Changed in Relate and at Google to different values: the user chooses (a conflict's field). */
    clash: z.boolean(),
  }),
);

/**
 * conflict item id → the clashing fields that keep Relate's value (pushed to Google); the item's other
 * fields take Google's. `keep_relate` keeps Relate's value of every clashing field of an item.
 */
const KeepRelateFieldsSchema = z
  .record(
    z.uuid({ error: 'Each key of keep_relate_fields must be a review item id' }),
    z.array(z.string().max(64)).max(64),
  )
  .optional();

const ReviewItemIdsSchema = z
  .array(z.uuid({ error: 'Each item id must be a review item id' }))
  .min(1, { error: 'Choose at least one item' })
  .max(10_000);

/** What a Google review item is (the contacts and calendar reviews alike). */
export const GoogleReviewKindSchema = z.enum([
  'new',
  'likely_duplicate',
  'changed',
  'conflict',
  'deleted_upstream',
]);
export type GoogleReviewKind = z.infer<typeof GoogleReviewKindSchema>;

export const ContactReviewItemSchema = z.object({
  /** Stable across previews of the same Google contact. */
  id: z.uuid(),
  kind: GoogleReviewKindSchema,
  resource_name: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  is_duplicate: z.boolean(),
  /** The Relate contact it matches (likely_duplicate) or mirrors (changed, conflict, deleted_upstream). */
  contact: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  match_reason: z.enum(['email', 'phone', 'name']).nullable(),
  /** changed / conflict: each field with Relate's and Google's value. */
  changes: ReviewChangesSchema,
});
export type ContactReviewItem = z.infer<typeof ContactReviewItemSchema>;

export const GoogleContactsQuerySchema = z.object({
  preview: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** GET /api/auth/google/contacts: what a sync did; with ?preview=true nothing is applied. */
export const GoogleContactsSyncResponseSchema = z.object({
  preview: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  pushed: z.number().int(),
  /** Everything still waiting for a decision. */
  items: z.array(ContactReviewItemSchema),
  /**
   * Values left out of contacts read in this run, as the CSV importer leaves them out (a birthday in
   * 2999): the contact is kept without the value (a linked one keeps Relate's).
   */
  warnings: z.array(
    z.object({ resource_name: z.string(), name: z.string().nullable(), warning: z.string() }),
  ),
});
export type GoogleContactsSyncResponse = z.infer<typeof GoogleContactsSyncResponseSchema>;

/** GET …/review: the items waiting for review, or with `?dismissed=true` those the user dismissed. */
export const GoogleReviewQuerySchema = z.object({
  dismissed: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** POST …/dismiss and …/restore (contacts and calendar alike). */
export const GoogleReviewItemsBodySchema = z.object({ item_ids: ReviewItemIdsSchema });
export type GoogleReviewItemsBody = z.infer<typeof GoogleReviewItemsBodySchema>;
export const DismissGoogleReviewResponseSchema = z.object({ dismissed: z.number().int() });
export const RestoreGoogleReviewResponseSchema = z.object({ restored: z.number().int() });

export const ApplyGoogleContactsBodySchema = z.object({
  item_ids: ReviewItemIdsSchema,
  /**
   * new or likely_duplicate item id → the Relate contact to link it to (a duplicate links to its matched
   * contact by default): its empty fields are filled from Google, and the two are kept in sync.
   */
  merge_into: z.record(z.uuid(), z.number().int().positive()).optional(),
  /** conflict item ids to settle with Relate's values (pushed to Google); the others take Google's. */
  keep_relate: z.array(z.uuid()).optional(),
  keep_relate_fields: KeepRelateFieldsSchema,
});
export type ApplyGoogleContactsBody = z.infer<typeof ApplyGoogleContactsBodySchema>;

/** What applying chosen review items did (contacts and calendar alike). */
export const ApplyGoogleReviewResponseSchema = z.object({
  created: z.number().int(),
  linked: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  pushed: z.number().int(),
  /** Items no longer waiting (a sync settled them meanwhile). */
  skipped: z.number().int(),
  /**
   * Items that changed meaning since the preview (a matching contact or event was added in Relate
   * meanwhile): not applied, they wait for review again as likely duplicates.
   */
  waiting: z.number().int(),
});
export type ApplyGoogleReviewResponse = z.infer<typeof ApplyGoogleReviewResponseSchema>;

export const AddToGoogleResponseSchema = z.object({ resource_name: z.string() });

/** Google Calendar changes waiting for a decision (the calendar variant of the review dialog). */

export const CalendarReviewItemSchema = z.object({
  /** Stable across previews of the same Google event. */
  id: z.uuid(),
  kind: GoogleReviewKindSchema,
  google_event_id: z.string(),
  title: z.string(),
  start_datetime: TimestampSchema,
  end_datetime: TimestampSchema,
  all_day: z.boolean(),
  /** The IANA zone Google gave the event (timed events), else the calendar's. */
  timezone: z.string(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  /** Human text for a series ("Weekly on Monday"), null for single events. */
  recurrence: z.string().nullable(),
  /** Why a series or occurrence can only be imported read-only (an RRULE we cannot represent), else null. */
  read_only_reason: z.string().nullable(),
  is_duplicate: z.boolean(),
  /** The Relate event it matches (likely_duplicate) or mirrors (changed, conflict, deleted_upstream). */
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** changed / conflict: each field with Relate's and Google's value. */
  changes: ReviewChangesSchema,
});
export type CalendarReviewItem = z.infer<typeof CalendarReviewItemSchema>;

/** GET /api/auth/google/calendar: what a sync did; with ?preview=true nothing is applied. */
export const GoogleCalendarSyncResponseSchema = z.object({
  preview: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  pushed: z.number().int(),
  /** Everything still waiting for a decision. */
  items: z.array(CalendarReviewItemSchema),
  /** Google events this run did not take (a date outside the years 1000-9999), as the .ics import reports them. */
  skipped: z.number().int(),
  /** Each skipped event with the reason; a linked one stays in Relate as it was. */
  errors: z.array(z.object({ google_event_id: z.string(), title: z.string(), error: z.string() })),
});
export type GoogleCalendarSyncResponse = z.infer<typeof GoogleCalendarSyncResponseSchema>;

export const ApplyGoogleCalendarBodySchema = z.object({
  item_ids: ReviewItemIdsSchema,
  /**
   * new or likely_duplicate item id → the Relate event to link it to instead (a duplicate links to its
   * matched event by default): the two become one event, kept in sync.
   */
  link_to: z
    .record(
      z.uuid({ error: 'Each key of link_to must be a review item id' }),
      z.number({ error: 'link_to must name one of your events' }).int().positive(),
    )
    .optional(),
  /** conflict item ids to settle with Relate's values (pushed to Google); the others take Google's. */
  keep_relate: z.array(z.uuid()).optional(),
  keep_relate_fields: KeepRelateFieldsSchema,
});
export type ApplyGoogleCalendarBody = z.infer<typeof ApplyGoogleCalendarBodySchema>;
