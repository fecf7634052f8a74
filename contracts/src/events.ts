import { z } from 'zod';
import { isoDateTime, isTimeZone, storedText, TimestampSchema } from './common';

/** "Every 999 days/weeks/months/years" at most, on every path (the API, .ics, Google). */
export const MAX_REPEAT_INTERVAL = 999;

export const REPEAT_PATTERNS = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export const RepeatPatternSchema = z.enum(REPEAT_PATTERNS, {
  error: 'Repeat pattern must be none, daily, weekly, monthly or yearly',
});
export const EventTypeSchema = z.enum(['meeting', 'event'], { error: 'Event type must be meeting or event' });

export const ParticipantSchema = z.object({
  name: storedText().trim().max(200).default(''),
  email: z
    .string({ error: 'Participant e-mail is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Participant e-mail must be a valid e-mail address' })),
});
export type Participant = z.infer<typeof ParticipantSchema>;

/** Event as the client sees it; in a range listing, start/end are those of the occurrence. */
export const EventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  start_datetime: TimestampSchema,
  end_datetime: TimestampSchema,
  all_day: z.boolean(),
  timezone: z.string(),
  location: z.string().nullable(),
  event_type: EventTypeSchema,
  project: z.string().nullable(),
  participants: z.array(z.object({ name: z.string(), email: z.string() })),
  alert_minutes: z.number().int(),
  repeat_pattern: RepeatPatternSchema,
  repeat_interval: z.number().int(),
  repeat_days: z.array(z.number().int()),
  /** Monthly on the nth weekday of the start (1-5, -1 the last; "the second Tuesday"); null: on the start's day of the month. */
  repeat_week: z.number().int().nullable(),
  repeat_end_date: TimestampSchema.nullable(),
  notes: z.string().nullable(),
  google_sync: z.boolean(),
  owner_id: z.number().int(),
  owner_email: z.string(),
  /** Only the owner may change or delete it. */
  is_owner: z.boolean(),
  /** The series' own first start (differs from start_datetime for later occurrences). */
  series_start: TimestampSchema,
  /** Set on an occurrence changed on its own: the series it belongs to and the start it replaced. */
  series_id: z.number().int().nullable(),
  original_start: TimestampSchema.nullable(),
  /** Linked to an event in the owner's Google Calendar. */
  google_linked: z.boolean(),
  /** Why only Google Calendar can change it (a Google series Relate cannot represent), else null. */
  read_only_reason: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type CalendarEvent = z.infer<typeof EventSchema>;

const text = (max: number) =>
  storedText()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => value || null);

const eventFields = {
  title: storedText({ error: 'Title is required' })
    .trim()
    .min(1, { error: 'Title is required' })
    .max(500, { error: 'Title must be at most 500 characters' }),
  description: text(20_000).optional(),
  start_datetime: isoDateTime('Start'),
  end_datetime: isoDateTime('End'),
  all_day: z.boolean().optional(),
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, { error: 'Time zone must be an IANA time zone such as Europe/Berlin' })
    .optional(),
  location: text(1000).optional(),
  event_type: EventTypeSchema.optional(),
  project: text(200).optional(),
  participants: z.array(ParticipantSchema).max(200, { error: 'At most 200 participants' }).optional(),
  /** Non-numeric or zero falls back to 15 (spec section 5). */
  alert_minutes: z
    .preprocess(
      (value) => {
        const minutes = Number(value);
        return Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 15;
      },
      z.number().int().max(40_320, { error: 'Alert minutes must be at most 4 weeks' }),
    )
    .optional(),
  repeat_pattern: RepeatPatternSchema.optional(),
  repeat_interval: z.coerce
    .number()
    .int()
    .min(1, { error: 'Repeat interval must be at least 1' })
    .max(MAX_REPEAT_INTERVAL, { error: `Repeat interval must be at most ${MAX_REPEAT_INTERVAL}` })
    .optional(),
  repeat_days: z
    .array(
      z
        .number()
        .int()
        .min(0, { error: 'Weekdays are 0 (Sunday) to 6 (Saturday)' })
        .max(6, { error: 'Weekdays are 0 (Sunday) to 6 (Saturday)' }),
    )
    .max(7)
    .optional(),
  repeat_week: z
    .union([z.literal(-1), z.number().int().min(1).max(5), z.null()], {
      error: 'Repeat week must be 1 to 5 (the nth weekday of the month), -1 (the last) or null',
    })
    .optional(),
  repeat_end_date: z
    .union([isoDateTime('Repeat end date'), z.null(), z.literal('').transform(() => null)])
    .optional(),
  notes: text(20_000).optional(),
  google_sync: z.boolean().optional(),
};

const endAfterStart = (body: { start_datetime?: string; end_datetime?: string }) =>
  !body.start_datetime || !body.end_datetime || body.end_datetime >= body.start_datetime;
const repeatEndAfterStart = (body: { start_datetime?: string; repeat_end_date?: string | null }) =>
  !body.start_datetime || !body.repeat_end_date || body.repeat_end_date >= body.start_datetime.slice(0, 10);

/** POST /api/events. */
export const CreateEventBodySchema = z
  .object(eventFields)
  .refine(endAfterStart, { path: ['end_datetime'], error: 'The event cannot end before it starts' })
  .refine(repeatEndAfterStart, {
    path: ['repeat_end_date'],
    error: 'The repeat cannot end before the event starts',
  });
export type CreateEventBody = z.input<typeof CreateEventBodySchema>;
export type NewEvent = z.output<typeof CreateEventBodySchema>;

/**
 * Which occurrences of a repeating event a change or deletion applies to (docs/decisions/0024):
 * `this` the one occurrence, `following` it and every later one (the series is split), `all` the series.
 */
export const OCCURRENCE_SCOPES = ['this', 'following', 'all'] as const;
export const OccurrenceScopeSchema = z.enum(OCCURRENCE_SCOPES, {
  error: 'Scope must be this, following or all',
});
export type OccurrenceScope = z.infer<typeof OccurrenceScopeSchema>;

const occurrenceFields = {
  scope: OccurrenceScopeSchema.optional(),
  /** The original start of the occurrence acted on (its start in the series before any change). */
  occurrence_start: isoDateTime('occurrence_start').optional(),
};
const occurrenceNamed = (body: { scope?: OccurrenceScope; occurrence_start?: string }) =>
  !(body.scope === 'this' || body.scope === 'following') || Boolean(body.occurrence_start);
const occurrenceRequired = {
  path: ['occurrence_start'],
  error: 'occurrence_start is required to change one occurrence or it and the following ones',
};

/**
 * PUT /api/events/{id}: the fields sent change the event. For a repeating one, `scope` says which
 * occurrences: the fields sent change that occurrence, it and the following
 * ones, or the whole series. With `occurrence_start`, start/end are the occurrence's new times (for
 * `all`, the series moves by as much); without it, the series' own.
 */
export const UpdateEventBodySchema = z
  .object({
    ...eventFields,
    title: eventFields.title.optional(),
    start_datetime: eventFields.start_datetime.optional(),
    end_datetime: eventFields.end_datetime.optional(),
    ...occurrenceFields,
  })
  .refine(endAfterStart, { path: ['end_datetime'], error: 'The event cannot end before it starts' })
  .refine(occurrenceNamed, occurrenceRequired);
export type UpdateEventBody = z.input<typeof UpdateEventBodySchema>;
export type EventChanges = z.output<typeof UpdateEventBodySchema>;

/** DELETE /api/events/{id}?scope=this|following|all&occurrence_start=… (no scope: the whole event). */
export const DeleteEventQuerySchema = z.object(occurrenceFields).refine(occurrenceNamed, occurrenceRequired);
export type DeleteEventQuery = z.output<typeof DeleteEventQuerySchema>;

/** DELETE /api/events/{id}/participation: a participant leaves the event (the owner gets 409). */
export const LEFT_EVENT_MESSAGE = 'You left the event';
export const LeaveEventResponseSchema = z.object({ message: z.literal(LEFT_EVENT_MESSAGE) });

export const EventRangeQuerySchema = z.object({
  start_date: isoDateTime('start_date'),
  end_date: isoDateTime('end_date'),
});

export const EventsResponseSchema = z.object({ events: z.array(EventSchema) });
export const EventResponseSchema = z.object({ event: EventSchema });
export const UpcomingQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
export const UpcomingResponseSchema = z.object({ events: z.array(EventSchema), count: z.number().int() });
export const EventImportResultSchema = z.object({
  imported: z.number().int(),
  /** Events Relate already held (the same UID, as in a file exported from Relate): changed in place, not copied. */
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Components skipped, with the reason. */
  errors: z.array(
    z.object({
      uid: z.string().nullable(),
      /** The line of the file where the event (its BEGIN:VEVENT) starts. */
      line: z.number().int().nullable(),
      error: z.string(),
    }),
  ),
  /** Components imported only in part (e.g. a series' changed or cancelled occurrences). */
  warnings: z.array(z.object({ uid: z.string().nullable(), warning: z.string() })),
});
export type EventImportResult = z.infer<typeof EventImportResultSchema>;
