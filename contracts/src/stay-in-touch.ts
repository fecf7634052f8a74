import { z } from 'zod';
import { TimeZoneSchema } from './bots';
import { TimestampSchema } from './common';

export const CadenceUnitSchema = z.enum(['day', 'week', 'month'], {
  error: 'Unit must be day, week or month',
});

/** Stay in touch: reach out every `every` days, weeks or months. */
export const CadenceSchema = z.object({
  every: z
    .number({ error: 'Every must be a whole number from 1 to 366' })
    .int({ error: 'Every must be a whole number from 1 to 366' })
    .min(1, { error: 'Every must be a whole number from 1 to 366' })
    .max(366, { error: 'Every must be a whole number from 1 to 366' }),
  unit: CadenceUnitSchema,
});
export type Cadence = z.infer<typeof CadenceSchema>;

/** A contact's stay-in-touch state: its cadence (null: off) and the dates it moves. */
export const StayInTouchSchema = z.object({
  cadence: CadenceSchema.nullable(),
  last_contact_date: TimestampSchema.nullable(),
  next_follow_up_date: TimestampSchema.nullable(),
});
export type StayInTouch = z.infer<typeof StayInTouchSchema>;

/**
 * PUT /people/:id/stay-in-touch: a cadence, or null to stop; the browser's time zone, in which
 * follow-ups fall due at 09:00 (kept as the user's, as linking a bot does).
 */
export const StayInTouchBodySchema = z.object({
  cadence: CadenceSchema.nullable(),
  timezone: TimeZoneSchema.optional(),
});

/** POST /people/:id/follow-up: reached out (done), or remind again in 1 or 7 days. */
export const FollowUpActionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('done') }),
    z.object({
      action: z.literal('snooze'),
      days: z.union([z.literal(1), z.literal(7)], { error: 'Days must be 1 or 7' }),
    }),
  ],
  { error: 'Action must be done or snooze' },
);
export type FollowUpAction = z.infer<typeof FollowUpActionBodySchema>;

/** Someone to reach out to (the Reach out view). */
export const ReachOutPersonSchema = z.object({
  id: z.number().int(),
  full_name: z.string().nullable(),
  organization: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  last_contact_date: TimestampSchema.nullable(),
  next_follow_up_date: TimestampSchema,
  cadence: CadenceSchema.nullable(),
});

/** A birthday in the coming week; age is null when the year is unknown. */
export const UpcomingBirthdaySchema = z.object({
  id: z.number().int(),
  full_name: z.string().nullable(),
  birthday: z.string(),
  /** The local date of the next birthday, YYYY-MM-DD. */
  date: z.string(),
  age: z.number().int().nullable(),
});

export const ReachOutResponseSchema = z.object({
  /** Due today or overdue, oldest first. */
  due: z.array(ReachOutPersonSchema),
  /** Due in the next 7 days. */
  upcoming: z.array(ReachOutPersonSchema),
  birthdays: z.array(UpcomingBirthdaySchema),
});
export type ReachOutResponse = z.infer<typeof ReachOutResponseSchema>;
export type ReachOutPerson = z.infer<typeof ReachOutPersonSchema>;
export type UpcomingBirthday = z.infer<typeof UpcomingBirthdaySchema>;
