import { z } from 'zod';
import { MAX_ID } from './common';

const IdSchema = z.coerce
  .number({ error: 'Ids must be numbers' })
  .int({ error: 'Ids must be whole numbers' })
  .positive({ error: 'Ids must be positive' })
  .max(MAX_ID, { error: 'No such id' });

/** POST /api/people/share: copies the caller's contacts to approved members of their group (account ids). */
export const ShareContactsBodySchema = z
  .object({
    user_ids: z
      .array(IdSchema, { error: 'Please select at least one user to share contacts with' })
      .min(1, { error: 'Please select at least one user to share contacts with' })
      .max(100, { error: 'Share with at most 100 users at once' }),
    contact_id: IdSchema.optional(),
    contact_ids: z
      .array(IdSchema, { error: 'contact_ids must be a list of contact ids' })
      .max(1000, { error: 'Share at most 1000 contacts at once' })
      .optional(),
  })
  .refine((body) => body.contact_id !== undefined || Boolean(body.contact_ids?.length), {
    path: ['contact_ids'],
    error: 'Please select at least one contact to share',
  });
export type ShareContactsBody = z.input<typeof ShareContactsBodySchema>;

export const ShareContactsResponseSchema = z.object({
  success: z.literal(true),
  /** Copies made: contacts × recipients. */
  shared_count: z.number().int(),
  message: z.string(),
});
export type ShareContactsResponse = z.infer<typeof ShareContactsResponseSchema>;
