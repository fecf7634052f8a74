import type { Database } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import type { ContactsService } from '../contacts/contacts.service';
import type { PreferencesService } from '../preferences/preferences.service';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The per-user list of custom field names, kept as the custom_fields preference (spec section 3). */
export class CustomFieldsService {
  constructor(
    private readonly db: Database,
    private readonly preferences: PreferencesService,
    private readonly contacts: ContactsService,
  ) {}

  async list(userId: number): Promise<string[]> {
    return (await this.preferences.all(userId)).custom_fields;
  }

  async add(userId: number, rawName: string): Promise<string[]> {
    const name = rawName.trim();
    if (!name) throw fieldError('name', 'Field name is required');
    return this.db.transaction(async (tx) => {
      const names = await this.preferences.customFieldNamesForUpdate(userId, tx);
      if (names.some((existing) => same(existing, name)))
        throw fieldError('name', 'Field name already exists');
      const next = [...names, name];
      await this.preferences.setCustomFieldNames(userId, next, tx);
      return next;
    });
  }

  /**
   * Replaces the whole list (the spec's client posts the list; the custom_fields preference is written
   * here too): names trimmed, none blank, none twice (case-insensitive). A name that leaves the list is
   * removed from every contact too, in the same transaction — the caller's `tx` when given.
   * `field` names the list in a 400 (`custom_fields`, or `value` for POST /user-preferences/custom_fields).
   */
  async replace(
    userId: number,
    rawNames: string[],
    tx?: Database,
    field = 'custom_fields',
  ): Promise<string[]> {
    const names = rawNames.map((name) => name.trim());
    names.forEach((name, index) => {
      if (!name) throw fieldError(`${field}.${index}`, 'Field name is required');
      if (names.findIndex((other) => same(other, name)) !== index)
        throw fieldError(`${field}.${index}`, 'Field name already exists');
    });
    const write = async (db: Database) => {
      const before = await this.preferences.customFieldNamesForUpdate(userId, db);
      for (const removed of before.filter((name) => !names.includes(name)))
        await this.contacts.removeCustomField(userId, removed, db);
      await this.preferences.setCustomFieldNames(userId, names, db);
      return names;
    };
    return tx ? write(tx) : this.db.transaction(write);
  }

  /** Deletes the name and its value from every one of the user's contacts, in one transaction. */
  async remove(userId: number, rawName: string): Promise<string[]> {
    const name = rawName.trim();
    return this.db.transaction(async (tx) => {
      const names = await this.preferences.customFieldNamesForUpdate(userId, tx);
      const existing =
        names.find((candidate) => candidate === name) ?? names.find((candidate) => same(candidate, name));
      if (!existing) throw notFound('Custom field');
      const next = names.filter((candidate) => candidate !== existing);
      await this.preferences.setCustomFieldNames(userId, next, tx);
      await this.contacts.removeCustomField(userId, existing, tx);
      return next;
    });
  }
}
