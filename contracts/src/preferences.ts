import { z } from 'zod';
import { storedText } from './common';
import { CustomFieldNamesSchema } from './contacts';

/** One column of the contacts table (spec section 3 "Contact column setting"). */
export const ContactColumnSchema = z.object({
  key: storedText().trim().min(1).max(120),
  label: storedText().trim().max(200),
  enabled: z.boolean(),
  order: z.number().int().min(0).max(10_000),
});
export type ContactColumn = z.infer<typeof ContactColumnSchema>;

export const CalendarViewSchema = z.enum(['monthly', 'weekly', 'daily']);
export const WeekdaySchema = z.enum(['sunday', 'monday']);

/** calendar_settings; snake_case variants (default_view, start_weekday) are accepted on the way in. */
export const CalendarSettingsSchema = z.object({
  defaultView: CalendarViewSchema,
  startWeekday: WeekdaySchema,
});
export type CalendarSettings = z.infer<typeof CalendarSettingsSchema>;

export const UserPreferencesSchema = z.object({
  contact_columns: z.array(ContactColumnSchema),
  calendar_settings: CalendarSettingsSchema,
  custom_fields: z.array(z.string()),
  preferred_messaging_platform: z.enum(['telegram', 'whatsapp']).nullable(),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

export const UserPreferencesResponseSchema = z.object({ preferences: UserPreferencesSchema });

/** calendar_settings as sent: camelCase or snake_case keys, either may be left out. */
export const CalendarSettingsInputSchema = z
  .object({
    defaultView: CalendarViewSchema.optional(),
    default_view: CalendarViewSchema.optional(),
    startWeekday: WeekdaySchema.optional(),
    start_weekday: WeekdaySchema.optional(),
  })
  .transform((value) => ({
    defaultView: value.defaultView ?? value.default_view,
    startWeekday: value.startWeekday ?? value.start_weekday,
  }));

export const ContactColumnsSchema = z
  .array(ContactColumnSchema)
  .max(300, { error: 'At most 300 columns' })
  .refine((columns) => new Set(columns.map((column) => column.key)).size === columns.length, {
    error: 'Each column key may appear only once',
  });

/**
 * POST /api/user-preferences: any of the keys; each one sent replaces the stored value. custom_fields
 * follows the custom-field rules (trimmed, none blank, none twice; a name left out is removed from
 * every contact), exactly as the whole-list POST /api/custom-fields does.
 */
export const UpdatePreferencesBodySchema = z.object({
  contact_columns: ContactColumnsSchema.optional(),
  calendar_settings: CalendarSettingsInputSchema.optional(),
  custom_fields: CustomFieldNamesSchema.optional(),
  preferred_messaging_platform: z.enum(['telegram', 'whatsapp']).nullable().optional(),
});
export type UpdatePreferencesBody = z.input<typeof UpdatePreferencesBodySchema>;
export type PreferenceChanges = z.output<typeof UpdatePreferencesBodySchema>;

export const PreferenceKeySchema = z.enum(
  ['contact_columns', 'calendar_settings', 'custom_fields', 'preferred_messaging_platform'],
  {
    error:
      'Unknown preference: use contact_columns, calendar_settings, custom_fields or preferred_messaging_platform',
  },
);
export type PreferenceKey = z.infer<typeof PreferenceKeySchema>;

export const PreferenceKeyParamsSchema = z.object({ key: PreferenceKeySchema });
export const PreferenceValueBodySchema = z.object({ value: z.unknown() });
export const PreferenceValueResponseSchema = z.object({ key: PreferenceKeySchema, value: z.unknown() });
