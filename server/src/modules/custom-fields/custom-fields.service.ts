import type { Database } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import type { CustomFieldsRepository } from './custom-fields.repository';

/** The list's limit (contracts' CustomFieldNamesSchema). */
const MAX_CUSTOM_FIELDS = 200;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Runs inside the transaction that removes a field name: where the field's values go too (the contacts). */
export type CustomFieldRemovedListener = (userId: number, name: string, tx: Database) => Promise<void>;

/**
 * The per-user list of custom field names (spec section 3). It is shown among the preferences as
 * `custom_fields`, but this service owns it: trimmed, none blank, none twice, and a name that leaves the
 * list leaves every contact too.
 */
export class CustomFieldsService {
  private readonly removedListeners: CustomFieldRemovedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: CustomFieldsRepository,
  ) {}

  onRemoved(listener: CustomFieldRemovedListener): void {
    this.removedListeners.push(listener);
  }

  list(userId: number, db?: Database): Promise<string[]> {
    return this.repository.names(userId, db);
  }

  async add(userId: number, rawName: string): Promise<string[]> {
    const name = rawName.trim();
    if (!name) throw fieldError('name', 'Field name is required');
    return this.db.transaction(async (tx) => {
      const names = await this.repository.namesForUpdate(userId, tx);
      if (names.some((existing) => same(existing, name)))
        throw fieldError('name', 'Field name already exists');
      const next = [...names, name];
      await this.repository.setNames(userId, next, tx);
      return next;
    });
  }

  /**
   * Adds the names not yet in the list (case-insensitive), as imported or shared contacts bring them.
   * The list's limit holds here too: past 200 names, 400 naming `field` and nothing is added.
   */
  async addMissing(userId: number, names: string[], tx: Database, field = 'custom_fields'): Promise<void> {
    const existing = await this.repository.namesForUpdate(userId, tx);
    const lower = new Set(existing.map((name) => name.toLowerCase()));
    const added = names.filter(
      (name) => name && !lower.has(name.toLowerCase()) && lower.add(name.toLowerCase()),
    );
    if (existing.length + added.length > MAX_CUSTOM_FIELDS)
      throw fieldError(
        field,
        `At most ${MAX_CUSTOM_FIELDS} custom fields: you have ${existing.length} and this would add ${added.length}`,
      );
    if (added.length > 0) await this.repository.setNames(userId, [...existing, ...added], tx);
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
      const before = await this.repository.namesForUpdate(userId, db);
      for (const removed of before.filter((name) => !names.includes(name)))
        await this.removed(userId, removed, db);
      await this.repository.setNames(userId, names, db);
      return names;
    };
    return tx ? write(tx) : this.db.transaction(write);
  }

  /** Deletes the name and its value from every one of the user's contacts, in one transaction. */
  async remove(userId: number, rawName: string): Promise<string[]> {
    const name = rawName.trim();
    return this.db.transaction(async (tx) => {
      const names = await this.repository.namesForUpdate(userId, tx);
      const existing =
        names.find((candidate) => candidate === name) ?? names.find((candidate) => same(candidate, name));
      if (!existing) throw notFound('Custom field');
      const next = names.filter((candidate) => candidate !== existing);
      await this.repository.setNames(userId, next, tx);
      await this.removed(userId, existing, tx);
      return next;
    });
  }

  private async removed(userId: number, name: string, tx: Database) {
    for (const listener of this.removedListeners) await listener(userId, name, tx);
  }
}
