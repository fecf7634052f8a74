/**
 * The values of a contact's select fields, without zod: the web app's contacts list shows and edits them
 * without loading the schemas (contacts.ts builds its enums from these).
 */
export const GENDERS = ['male', 'female', 'other'] as const;
export const JOB_STATUSES = ['employed', 'unemployed', 'student', 'retired', 'other'] as const;
export const CONTACT_STATUSES = ['active', 'inactive', 'prospect', 'client', 'partner'] as const;
export const PRIORITIES = ['low', 'medium', 'high'] as const;
