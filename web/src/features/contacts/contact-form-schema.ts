import { PersonBodySchema } from '@relate/contracts';
import { z } from 'zod';
import { CUSTOM_PREFIX } from './fields';
import { toPayload } from './form-values';

/** An empty contact cannot be saved: one of these must be filled in. */
const IDENTIFYING_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'mobile', 'organization'] as const;
export const EMPTY_CONTACT_MESSAGE = 'Enter a name, an email, a phone number or an organization';

/** The contract's path of an issue, as the form's field name (custom_fields.Team → custom_Team). */
const formKey = (path: readonly PropertyKey[]) =>
  path[0] === 'custom_fields' && path.length > 1 ? `${CUSTOM_PREFIX}${String(path[1])}` : String(path[0]);

/**
 * The contact forms' resolver schema: the payload the form would send must pass the contract
 * (PersonBodySchema), and a contact needs at least one identifying value.
 */
export const contactFormSchema = z.record(z.string(), z.string()).superRefine((values, context) => {
  const payload = toPayload(values);
  if (IDENTIFYING_FIELDS.every((key) => payload[key] === null))
    context.addIssue({ code: 'custom', path: ['first_name'], message: EMPTY_CONTACT_MESSAGE });
  const body = PersonBodySchema.safeParse(payload);
  if (body.success) return;
  for (const issue of body.error.issues)
    context.addIssue({ code: 'custom', path: [formKey(issue.path)], message: issue.message });
});
