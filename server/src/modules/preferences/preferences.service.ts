import {
  CalendarSettingsInputSchema,
  ContactColumnsSchema,
  CustomFieldNamesSchema,
  type PreferenceChanges,
  type PreferenceKey,
  UpdatePreferencesBodySchema,
  type UserPreferences,
} from '@relate/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { DEFAULT_CALENDAR_SETTINGS, DEFAULT_CONTACT_COLUMNS } from './preferences.defaults';
import type { PreferencesRepository } from './preferences.repository';

/** Validates one preference sent through POST /user-preferences/{key}. */
const VALUE_SCHEMAS: Record<PreferenceKey, z.ZodType> = {
  contact_columns: ContactColumnsSchema,
  calendar_settings: CalendarSettingsInputSchema,
  custom_fields: CustomFieldNamesSchema,
  preferred_messaging_platform: UpdatePreferencesBodySchema.shape.preferred_messaging_platform.unwrap(),
};

export class PreferencesService {
  /** custom_fields is shown among the preferences, but the custom-fields service owns it and its rules. */
  constructor(
    private readonly db: Database,
    private readonly repository: PreferencesRepository,
    private readonly customFields: CustomFieldsService,
  ) {}

  /** Every preference, with the defaults where the user has saved nothing. */
  async all(userId: number): Promise<UserPreferences> {
    const stored = await this.repository.all(userId);
    const calendar = stored.get('calendar_settings') as
      | Partial<UserPreferences['calendar_settings']>
      | undefined;
    return {
      contact_columns:
        (stored.get('contact_columns') as UserPreferences['contact_columns']) ?? DEFAULT_CONTACT_COLUMNS,
      calendar_settings: { ...DEFAULT_CALENDAR_SETTINGS, ...stripUndefined(calendar) },
      custom_fields: await this.customFields.list(userId),
      preferred_messaging_platform:
        (stored.get('preferred_messaging_platform') as UserPreferences['preferred_messaging_platform']) ??
        null,
    };
  }

  async get(userId: number, key: PreferenceKey): Promise<unknown> {
    return (await this.all(userId))[key];
  }

  /**
   * Saves every key sent, in one transaction; custom_fields goes through the custom-field rules, and
   * null (preferred_messaging_platform: none) forgets the stored value.
   */
  async update(userId: number, body: PreferenceChanges, field?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined) continue;
        if (key === 'custom_fields') {
          await this.customFields.replace(userId, value as string[], tx, field ?? key);
          continue;
        }
        if (value === null) {
          await this.repository.remove(userId, key, tx);
          continue;
        }
        await this.repository.set(
          userId,
          key,
          key === 'calendar_settings' ? await this.mergedCalendar(userId, value, tx) : value,
          tx,
        );
      }
    });
  }

  async set(userId: number, key: PreferenceKey, value: unknown): Promise<unknown> {
    const parsed = VALUE_SCHEMAS[key].safeParse(value);
    if (!parsed.success) {
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        `Invalid value for ${key}`,
        parsed.error.issues.map((issue) => ({
          field: ['value', ...issue.path].join('.'),
          message: issue.message,
        })),
      );
    }
    await this.update(userId, { [key]: parsed.data } as PreferenceChanges, 'value');
    return this.get(userId, key);
  }

  private async mergedCalendar(userId: number, value: unknown, db: Database) {
    const stored = (await this.repository.get(userId, 'calendar_settings', db)) as object | undefined;
    return { ...DEFAULT_CALENDAR_SETTINGS, ...stored, ...stripUndefined(value as object) };
  }
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, item]) => item !== undefined),
  ) as Partial<T>;
}
