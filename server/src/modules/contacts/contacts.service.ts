import type { Readable } from 'node:stream';
import { CSV_PREVIEW_ROWS, type PersonInput } from '@relate/contracts';
import type { Database } from '../../db/client';
import { openCsv } from '../../lib/csv';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import type { GroupsService } from '../groups/groups.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PreferencesService } from '../preferences/preferences.service';
import type { UserRow } from '../users/users.repository';
import { CSV_CONTACT_FIELDS, parseContactRow, resolveMapping } from './contacts.csv';
import { cleanCustomFields, toContactValues, withFullName } from './contacts.mapper';
import type { ContactRow, ContactsRepository, ContactValues, PeopleListOptions } from './contacts.repository';

const MAX_REPORTED_ROW_ERRORS = 1000;

export interface PersonDuplicateGroup {
  key: string;
  identical: boolean;
  people: ContactRow[];
}

export interface CsvImportResult {
  imported: number;
  skipped: number;
  total: number;
  errors: { row: number; error: string }[];
}

export class ContactsService {
  constructor(
    private readonly db: Database,
    private readonly repository: ContactsRepository,
    private readonly preferences: PreferencesService,
    private readonly groups: GroupsService,
    private readonly notifications: NotificationsService,
  ) {}

  list(userId: number, options: PeopleListOptions) {
    return this.repository.list(userId, options);
  }

  async get(userId: number, id: number): Promise<ContactRow> {
    const row = await this.repository.findById(userId, id);
    if (!row) throw notFound('Contact');
    return row;
  }

  create(userId: number, body: PersonInput): Promise<ContactRow> {
    const values = withFullName(toContactValues(body));
    return this.repository.insert(userId, { ...values, customFields: cleanCustomFields(body.custom_fields) });
  }

  /** Changes only the fields sent; custom_fields sent are merged (null removes one); full_name follows the names. */
  async update(userId: number, id: number, body: PersonInput): Promise<ContactRow> {
    return this.db.transaction(async (tx) => {
      const current = await this.repository.findById(userId, id, tx);
      if (!current) throw notFound('Contact');
      const values: Partial<ContactValues> = withFullName(toContactValues(body), current);
      if (body.custom_fields) {
        const merged: Record<string, string | null> = { ...current.customFields, ...body.custom_fields };
        values.customFields = cleanCustomFields(merged);
      }
      if (Object.keys(values).length === 0) return current;
      return (await this.repository.update(userId, id, values, tx))!;
    });
  }

  async delete(userId: number, id: number): Promise<void> {
    if ((await this.repository.deleteMany(userId, [id])) === 0) throw notFound('Contact');
  }

  deleteAll(userId: number): Promise<number> {
    return this.repository.deleteAll(userId);
  }

  removeCustomField(userId: number, name: string, tx: Database): Promise<void> {
    return this.repository.removeCustomField(userId, name, tx);
  }

  all(userId: number) {
    return this.repository.all(userId);
  }

  async duplicates(userId: number): Promise<PersonDuplicateGroup[]> {
    const groups = await this.repository.duplicateGroups(userId);
    const rows = await this.repository.findByIds(
      userId,
      groups.flatMap((group) => group.ids),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return groups.map((group) => ({
      key: group.key,
      identical: group.identical,
      people: group.ids.flatMap((id) => byId.get(id) ?? []),
    }));
  }

  autoMergeDuplicates(userId: number) {
    return this.repository.deleteIdenticalDuplicates(userId);
  }

  /** Deletes delete_ids, keeping keep_id; every id must be one of the caller's contacts, or nothing happens. */
  async resolveDuplicates(userId: number, keepId: number | null, deleteIds: number[]): Promise<number> {
    const ids = [...new Set([...deleteIds, ...(keepId === null ? [] : [keepId])])];
    if (keepId !== null && deleteIds.includes(keepId))
      throw fieldError('keep_id', 'The kept contact cannot also be deleted');
    return this.db.transaction(async (tx) => {
      if ((await this.repository.countOwned(userId, ids, tx)) !== ids.length) throw notFound('Contact');
      return this.repository.deleteMany(userId, deleteIds, tx);
    });
  }

  /** The columns, row count and first few rows (keyed by column) of an uploaded CSV, for the mapping step. */
  async inspectCsv(file: Readable | Buffer) {
    const table = await openCsv(file);
    let totalRows = 0;
    const preview: Record<string, string>[] = [];
    for await (const { values } of table.records) {
      totalRows++;
      if (preview.length < CSV_PREVIEW_ROWS)
        preview.push(
          Object.fromEntries(table.headers.map((header, index) => [header, values[index].slice(0, 200)])),
        );
    }
    return { csv_columns: table.headers, contact_fields: CSV_CONTACT_FIELDS, total_rows: totalRows, preview };
  }

  /**
   * Imports every valid row in one transaction (batched inserts), so a file that cannot be read to the
   * end writes nothing. Bad rows are skipped and reported by their spreadsheet row number. Custom fields
   * named in the mapping join the user's list.
   */
  async importCsv(
    userId: number,
    file: Readable | Buffer,
    mapping: Record<string, unknown>,
  ): Promise<CsvImportResult> {
    const table = await openCsv(file);
    let targets: ReturnType<typeof resolveMapping>;
    try {
      targets = resolveMapping(table.headers, mapping);
    } catch (error) {
      await table.close();
      throw error;
    }
    if (targets.every((target) => target.kind === 'skip')) {
      await table.close();
      throw fieldError('mapping', 'Map at least one column to a contact field');
    }
    const result: CsvImportResult = { imported: 0, skipped: 0, total: 0, errors: [] };
    await this.db.transaction(async (tx) => {
      const customNames = targets.flatMap((target) => (target.kind === 'custom' ? [target.name] : []));
      if (customNames.length > 0) await this.addCustomFieldNames(userId, customNames, tx);
      async function* validRows() {
        for await (const { row, values } of table.records) {
          result.total++;
          const parsed = parseContactRow(targets, values);
          if (parsed === null || 'error' in parsed) {
            result.skipped++;
            if (parsed && result.errors.length < MAX_REPORTED_ROW_ERRORS)
              result.errors.push({ row, error: parsed.error });
            continue;
          }
          yield {
            ...withFullName(toContactValues(parsed.person)),
            customFields: cleanCustomFields(parsed.person.custom_fields),
            userId,
          };
        }
      }
      result.imported = await this.repository.insertStream(validRows(), tx);
    });
    return result;
  }

  /**
   * Copies the sender's contacts (custom fields included) into each recipient's list. Recipients must be
   * approved members of the sender's group (403, nothing copied), the contacts the sender's own (404).
   */
  async share(sender: UserRow, userIds: number[], contactIds: number[]): Promise<number> {
    const recipients = [...new Set(userIds)];
    const allowed = new Set(await this.groups.approvedMemberIds(sender.id));
    if (recipients.some((id) => !allowed.has(id)))
      throw forbidden('Contacts can only be shared with approved members of your group');
    const ids = [...new Set(contactIds)];
    return this.db.transaction(async (tx) => {
      const rows = await this.repository.findByIds(sender.id, ids, tx);
      if (rows.length !== ids.length) throw notFound('Contact');
      const customNames = [...new Set(rows.flatMap((row) => Object.keys(row.customFields ?? {})))];
      const from = sender.fullName || sender.email;
      for (const recipient of recipients) {
        if (customNames.length > 0) await this.addCustomFieldNames(recipient, customNames, tx);
        const copies = rows.map(({ id: _id, userId: _userId, createdAt: _c, updatedAt: _u, ...values }) => ({
          ...values,
          sharedBy: sender.email,
          userId: recipient,
        }));
        const copyIds = await this.repository.insertMany(copies, tx);
        const what =
          rows.length === 1 ? `the contact ${rows[0].fullName ?? ''}`.trim() : `${rows.length} contacts`;
        await this.notifications.notify(
          {
            userId: recipient,
            type: 'contact_shared',
            text: `${from} shared ${what} with you`,
            // One contact: the notification names the recipient's own copy, so clicking it opens that contact.
            subject: copyIds.length === 1 ? { type: 'contact', id: copyIds[0] } : undefined,
          },
          tx,
        );
      }
      return rows.length * recipients.length;
    });
  }

  private async addCustomFieldNames(userId: number, names: string[], tx: Database) {
    const existing = await this.preferences.customFieldNamesForUpdate(userId, tx);
    const lower = new Set(existing.map((name) => name.toLowerCase()));
    const added = names.filter(
      (name) => name && !lower.has(name.toLowerCase()) && lower.add(name.toLowerCase()),
    );
    if (added.length > 0) await this.preferences.setCustomFieldNames(userId, [...existing, ...added], tx);
  }
}
