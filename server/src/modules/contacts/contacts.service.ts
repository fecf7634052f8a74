import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type CsvPreviewResponse,
  DUPLICATE_PEOPLE_SHOWN,
  EMPTY_CONTACT_MESSAGE,
  isEmptyContact,
  type PeopleListQuery,
  type PeopleResponse,
  type Person,
  type PersonDuplicateGroup,
  type PersonDuplicatesResponse,
  type PersonInput,
  type SearchResult,
  type UnlinkedOrganizationsResponse,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { DatabaseMaintenance } from '../../db/maintenance';
import type { TrashRowsSelection } from '../../db/trash-rows';
import type { AuthUser } from '../../lib/auth-user';
import { openCsv } from '../../lib/csv';
import type { SpooledFile } from '../../lib/csv/spool';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import { isVCardFile } from '../../lib/vcard/read';
import type { WorkerPool } from '../../lib/workers/pool';
import type { CompaniesService, CompanyLinksMove } from '../companies/companies.service';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import type { GroupsService } from '../groups/groups.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { columnChecks, parseContactRow, planImport, readMappingFields } from './contacts.csv';
import { contactsCsv, contactsVCard } from './contacts.export';
import { addToPreview, emptyPreview, type ImportBatch } from './contacts.import-rows';
import {
  cleanCustomFields,
  newContactValues,
  toContactSearchResult,
  toContactValues,
  toPersonDto,
  toPersonDuplicateGroupDto,
  withFullName,
} from './contacts.mappers';
import {
  type ContactMatchKeys,
  type ContactRow,
  type ContactsRepository,
  type ContactValues,
  IMPORT_COPY_COLUMNS,
  type LinkScope,
} from './contacts.repository';
import type { contactsTasks } from './contacts.tasks';
import type { PeoplePagesRepository } from './people-pages.repository';

/** The stored contact, for services that work on rows (Google sync). */
export type { ContactRow };

/**
 * Rows per batch a worker thread sends an import's COPY: the batches stream into one COPY from stdin,
 * so this only sets how much text crosses between the threads at a time.
 */
const IMPORT_BATCH_ROWS = 1000;
/**
 * Contacts per page of the CSV export, each read and written as text before the next is asked for
 * (issue 30: pages of 2,000, read ahead 16 at a time, held everyone for seconds).
 */
const EXPORT_PAGE = 500;
/** Rows whose values the preview checks against the fields their columns go to. */
const CHECKED_ROWS = 50;

/** The batches, counting their rows into `result.imported` as they pass. */
async function* counted(batches: AsyncIterable<ImportBatch>, result: CsvImportResult) {
  for await (const batch of batches) {
    result.imported += batch.rows;
    yield batch;
  }
}

/** 400 naming what an empty contact needs (the fields a person is known by). */
const emptyContact = () =>
  badRequest(
    EMPTY_CONTACT_MESSAGE,
    ['first_name', 'last_name', 'email', 'phone', 'organization'].map((field) => ({
      field,
      message: EMPTY_CONTACT_MESSAGE,
    })),
  );

const LIST_PARAMS = new Set(['page', 'page_size', 'q', 'sort', 'order', 'company_id']);

/** What a contact needs of the companies module (issue 35). */
export type ContactCompanies = Pick<
  CompaniesService,
  'findName' | 'findByName' | 'findOrCreate' | 'nameKeys'
>;

/** How many unlinked organizations GET /api/companies/unlinked-organizations lists. */
const UNLINKED_SHOWN = 100;

/** The column filters of a list query: every other parameter with a text value. */
function columnFilters(query: PeopleListQuery): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (LIST_PARAMS.has(key) || typeof value !== 'string') continue;
    const text = value.trim().slice(0, 200);
    if (text) filters[key] = text;
  }
  return filters;
}

export interface CsvImportResult {
  imported: number;
  skipped: number;
  total: number;
  errors: { row: number; error: string }[];
  warnings: { row: number; error: string }[];
  importId: number | null;
}

/** Runs inside the transaction that edits a contact: how other modules (Google sync) learn of an edit. */
export type ContactUpdatedListener = (userId: number, contactId: number, tx: Database) => Promise<void>;
/** May add to an update's values what follows from them, before they are written. */
export type ContactUpdatePlanner = (
  userId: number,
  current: ContactRow,
  values: Partial<ContactValues>,
) => Promise<void>;
/**
 * Runs after trashed contacts of a user were deleted for good (emptied or purged, committed): how the
 * Google sync learns of deletes (decision 0050).
 */
export type ContactsPurgedListener = (userId: number, contactIds: number[]) => Promise<void>;

/**
 * Runs inside the transaction that moves contacts to the Trash (before they leave their table) or brings
 * them back: how the Google sync keeps their links (decision 0050).
 */
export type ContactsTrashListener = (userId: number, contactIds: number[], tx: Database) => Promise<void>;

/** What a delete moved to the Trash: how many, and the batch its Undo restores (null: none). */
export interface TrashedContacts {
  deleted: number;
  batch: string | null;
}

/** A contact field's value before and after a change, by its API name. */
export interface ContactFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * What happened to contacts, told inside the transaction that did it, so that the timeline (issue 35)
 * records it as it happens. `actorId` is the user who did it; null for the Google sync.
 */
export type ContactActivity =
  | { type: 'created'; userId: number; actorId: number | null; contactIds: number[]; via: 'app' | 'google' }
  | {
      type: 'changed';
      userId: number;
      actorId: number | null;
      contactId: number;
      changes: ContactFieldChange[];
      via: 'app' | 'google';
    }
  | { type: 'imported'; userId: number; importId: number; count: number; format: 'csv' | 'vcard' }
  | { type: 'merged'; userId: number; keepId: number; mergedIds: number[]; mergedNames: string[] }
  | {
      type: 'shared';
      sender: { id: number; name: string };
      recipientIds: number[];
      contactIds: number[];
      /** Each recipient's copies, in the order of contactIds. */
      copies: { userId: number; contactIds: number[] }[];
    };
export type ContactActivityListener = (activity: ContactActivity, tx: Database) => Promise<void>;

/** The fields of `after` whose value differs from `before` (timestamps left out). */
function changedFields(before: Person, after: Person): ContactFieldChange[] {
  const changes: ContactFieldChange[] = [];
  for (const key of Object.keys(after) as (keyof Person)[]) {
    if (key === 'updated_at' || key === 'created_at' || key === 'id') continue;
    if (key === 'custom_fields') {
      const was = before.custom_fields ?? {};
      const now = after.custom_fields ?? {};
      for (const name of new Set([...Object.keys(was), ...Object.keys(now)]))
        if ((was[name] ?? null) !== (now[name] ?? null))
          changes.push({
            field: `custom_fields.${name}`,
            before: was[name] ?? null,
            after: now[name] ?? null,
          });
      continue;
    }
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changes.push({ field: key, before: before[key] ?? null, after: after[key] ?? null });
  }
  return changes;
}

/** Told after an import commits: the rows it wrote and the seconds it took (metrics, given by services.ts). */
export type ContactsImportedListener = (rows: number, seconds: number) => void;

export class ContactsService {
  private readonly updatedListeners: ContactUpdatedListener[] = [];
  private updatePlanner?: ContactUpdatePlanner;
  private readonly purgedListeners: ContactsPurgedListener[] = [];
  private readonly importedListeners: ContactsImportedListener[] = [];
  private readonly trashedListeners: ContactsTrashListener[] = [];
  private readonly restoredListeners: ContactsTrashListener[] = [];
  private readonly activityListeners: ContactActivityListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: ContactsRepository,
    /** The list's statement, written once per shape. */
    private readonly pages: PeoplePagesRepository,
    private readonly customFields: CustomFieldsService,
    private readonly companies: ContactCompanies,
    private readonly groups: GroupsService,
    private readonly notifications: NotificationsService,
    private readonly maintenance: DatabaseMaintenance,
    private readonly workers: WorkerPool<typeof contactsTasks>,
    private readonly clock: Clock,
  ) {}

  /**
   * A page of the list as the JSON the API sends: the database writes the people (decision 0031), and
   * the route sends the text as it is.
   */
  async listJson(userId: number, query: PeopleListQuery): Promise<string> {
    const { page, page_size, q, sort, order, company_id } = query;
    const { peopleJson, total, totalCapped } = await this.pages.page(userId, {
      companyId: company_id,
      page,
      page_size,
      q,
      sort,
      order,
      filters: columnFilters(query),
    });
    return `{"people":${peopleJson},"total":${total},"total_capped":${totalCapped},"page":${page},"page_size":${page_size}}`;
  }

  async list(userId: number, query: PeopleListQuery): Promise<PeopleResponse> {
    return JSON.parse(await this.listJson(userId, query));
  }

  /** The quick search's contacts (Cmd+K): the user's own, shared copies included. */
  async search(userId: number, text: string, limit: number): Promise<SearchResult[]> {
    return (await this.repository.search(userId, text, limit)).map(toContactSearchResult);
  }

  async get(userId: number, id: number): Promise<Person> {
    const row = await this.repository.findById(userId, id);
    if (!row) throw notFound('Contact');
    return toPersonDto(row);
  }

  /** Fills in what follows from an update's values (stay in touch: the next follow-up after a new last contact). */
  planUpdatesWith(planner: ContactUpdatePlanner): void {
    this.updatePlanner = planner;
  }

  onUpdated(listener: ContactUpdatedListener): void {
    this.updatedListeners.push(listener);
  }

  onPurged(listener: ContactsPurgedListener): void {
    this.purgedListeners.push(listener);
  }

  /** Told by the Trash that these trashed contacts of the user are gone for good. */
  async purged(userId: number, contactIds: number[]): Promise<void> {
    if (contactIds.length === 0) return;
    for (const listener of this.purgedListeners) await listener(userId, contactIds);
  }

  onTrashed(listener: ContactsTrashListener): void {
    this.trashedListeners.push(listener);
  }

  onRestored(listener: ContactsTrashListener): void {
    this.restoredListeners.push(listener);
  }

  onImported(listener: ContactsImportedListener): void {
    this.importedListeners.push(listener);
  }

  /** The timeline's hook: told of every change to contacts, in the transaction that made it. */
  onActivity(listener: ContactActivityListener): void {
    this.activityListeners.push(listener);
  }

  private async activity(activity: ContactActivity, tx: Database): Promise<void> {
    for (const listener of this.activityListeners) await listener(activity, tx);
  }

  /**
   * A logged interaction: last_contact_date moves to `at` when that is later, and with it the next
   * follow-up of a contact with a stay-in-touch cadence. Not a field change of its own on the timeline
   * (the interaction is the entry); answers whether it moved.
   */
  async raiseLastContactDate(userId: number, id: number, at: Date, tx: Database = this.db): Promise<boolean> {
    const current = await this.repository.findById(userId, id, tx);
    if (!current || (current.lastContactDate && current.lastContactDate >= at)) return false;
    const values: Partial<ContactValues> = { lastContactDate: at };
    await this.updatePlanner?.(userId, current, values);
    await this.repository.update(userId, id, values, tx);
    return true;
  }

  async create(userId: number, body: PersonInput): Promise<Person> {
    if (isEmptyContact(body)) throw emptyContact();
    return this.db.transaction(async (tx) => {
      const values = { ...withFullName(toContactValues(body)), ...(await this.companyOf(userId, body, tx)) };
      const row = await this.repository.insert(
        userId,
        { ...values, customFields: cleanCustomFields(body.custom_fields) },
        tx,
      );
      await this.activity({ type: 'created', userId, actorId: userId, contactIds: [row.id], via: 'app' }, tx);
      return toPersonDto(row);
    });
  }

  /**
   * The company a body links the contact to (PersonBodySchema): its company_id, else the company its
   * organization names (added with create_company), and the organization then becomes that company's name.
   * Nothing when the body sends neither.
   */
  private async companyOf(
    userId: number,
    body: PersonInput,
    tx: Database,
  ): Promise<Pick<ContactValues, 'companyId' | 'organization'>> {
    if (typeof body.company_id === 'number') {
      const company = await this.companies.findName(userId, body.company_id, tx);
      if (!company) throw fieldError('company_id', 'company_id must be the id of one of your companies');
      return { companyId: company.id, organization: company.record };
    }
    if (body.company_id === null || body.organization === null) return { companyId: null };
    if (body.organization === undefined) return {};
    const company = body.create_company
      ? await this.companies.findOrCreate(userId, body.organization, tx)
      : await this.companies.findByName(userId, body.organization, tx);
    return company ? { companyId: company.id, organization: company.record } : { companyId: null };
  }

  /** Links the scope's contacts without a company to the companies their organizations name, in one statement. */
  private async linkByName(userId: number, scope: LinkScope, db: Database): Promise<void> {
    const named = await this.companies.nameKeys(userId, db);
    await this.repository.linkByName(userId, scope, named, db);
  }

  /** Creates the contacts in one statement (the Google sync), linked to their companies by name; answers their ids in order. */
  async createMany(userId: number, bodies: PersonInput[], tx: Database = this.db): Promise<number[]> {
    const ids = await this.repository.insertMany(
      bodies.map((body) => ({ ...newContactValues(body), userId })),
      tx,
    );
    if (ids.length > 0) {
      await this.linkByName(userId, { ids }, tx);
      await this.activity({ type: 'created', userId, actorId: null, contactIds: ids, via: 'google' }, tx);
    }
    return ids;
  }

  /** A company's new name reaches its people (CompaniesService.onRenamed, in its transaction). */
  followCompanyName(userId: number, company: { id: number; record: string }, tx: Database): Promise<void> {
    return this.repository.followCompanyName(userId, company, tx);
  }

  /** A company merge's people move to the company kept (CompaniesService.onMerging, in its transaction). */
  moveCompanyLinks(userId: number, moves: CompanyLinksMove[], tx: Database): Promise<void> {
    return this.repository.moveCompanyLinks(userId, moves, tx);
  }

  /** The organizations of the user's contacts that no company of theirs matches, most contacts first. */
  async unlinkedOrganizations(userId: number): Promise<UnlinkedOrganizationsResponse> {
    const rows = await this.repository.unlinkedOrganizations(userId, UNLINKED_SHOWN);
    return {
      organizations: rows.map(({ organization, contacts }) => ({ organization, contacts })),
      total: rows[0]?.organizations ?? 0,
      contacts: rows[0]?.allContacts ?? 0,
    };
  }

  /** Changes only the fields sent; custom_fields sent are merged (null removes one); full_name follows the names. */
  async update(userId: number, id: number, body: PersonInput): Promise<Person> {
    return toPersonDto(await this.updateRow(userId, id, body, this.db, 'app'));
  }

  /** `update` for other services (Google sync): the stored row, inside the caller's transaction. */
  async updateRow(
    userId: number,
    id: number,
    body: PersonInput,
    db: Database = this.db,
    /** Who changes it: the user in the app, or (other services' calls) the Google sync. */
    via: 'app' | 'google' = 'google',
  ): Promise<ContactRow> {
    return db.transaction(async (tx) => {
      const current = await this.repository.findById(userId, id, tx);
      if (!current) throw notFound('Contact');
      const values: Partial<ContactValues> = {
        ...withFullName(toContactValues(body), current),
        ...(await this.companyOf(userId, body, tx)),
      };
      if (isEmptyContact({ ...toPersonDto(current), ...body })) throw emptyContact();
      if (body.custom_fields) {
        const merged: Record<string, string | null> = { ...current.customFields, ...body.custom_fields };
        values.customFields = cleanCustomFields(merged);
      }
      if (Object.keys(values).length === 0) return current;
      await this.updatePlanner?.(userId, current, values);
      const updated = (await this.repository.update(userId, id, values, tx))!;
      const changes = changedFields(toPersonDto(current), toPersonDto(updated));
      if (changes.length > 0)
        await this.activity(
          { type: 'changed', userId, actorId: via === 'app' ? userId : null, contactId: id, changes, via },
          tx,
        );
      for (const listener of this.updatedListeners) await listener(userId, id, tx);
      return updated;
    });
  }

  findByIds(userId: number, ids: number[], db?: Database): Promise<ContactRow[]> {
    return this.repository.findByIds(userId, ids, db);
  }

  /** Contacts with one of these normalised e-mails, phone endings (last 9 digits) or full names. */
  findMatches(userId: number, keys: ContactMatchKeys, db?: Database): Promise<ContactRow[]> {
    return this.repository.findMatches(userId, keys, db);
  }

  /**
   * Moves the user's contacts of `ids` to the Trash, in the caller's transaction or one of its own: the
   * listeners first (the Google links remember their contacts), then one statement.
   */
  private async trash(userId: number, ids: number[], tx?: Database): Promise<TrashedContacts> {
    if (ids.length === 0) return { deleted: 0, batch: null };
    const batch = randomUUID();
    const move = async (tx: Database) => {
      for (const listener of this.trashedListeners) await listener(userId, ids, tx);
      return this.repository.moveToTrash(userId, ids, { batch, deletedAt: this.clock() }, tx);
    };
    const moved = tx ? await move(tx) : await this.db.transaction(move);
    return { deleted: moved.length, batch: moved.length > 0 ? batch : null };
  }

  /** Moves one contact to the Trash; in a caller's transaction (`tx`), the caller answers for what follows. */
  async delete(userId: number, id: number, tx?: Database): Promise<TrashedContacts> {
    const trashed = await this.trash(userId, [id], tx);
    if (trashed.deleted === 0) throw notFound('Contact');
    return trashed;
  }

  /** "Delete all": every contact of the user to the Trash, as one batch. */
  async deleteAll(userId: number): Promise<TrashedContacts> {
    const trashed = await this.db.transaction(async (tx) =>
      this.trash(userId, await this.repository.ownedIds(userId, tx), tx),
    );
    await this.maintenance.afterBulkWrite('contacts', trashed.deleted);
    return trashed;
  }

  /**
   * Brings trashed contacts back with their ids (in the trash module's transaction); the listeners link
   * them again. Answers how many.
   */
  async restore(userId: number, selection: TrashRowsSelection, tx: Database): Promise<number> {
    const ids = await this.repository.restoreFromTrash(userId, selection, tx);
    if (ids.length > 0) for (const listener of this.restoredListeners) await listener(userId, ids, tx);
    return ids.length;
  }

  removeCustomField(userId: number, name: string, tx: Database): Promise<void> {
    return this.repository.removeCustomField(userId, name, tx);
  }

  /** Every contact as CSV, with a column per custom field. */
  async exportCsv(userId: number): Promise<Readable> {
    const names = await this.customFields.list(userId);
    return contactsCsv(this.repository.all(userId, EXPORT_PAGE), names);
  }

  /** The contacts as one vCard file: all of them, or those of `ids` (another user's ids are left out). */
  exportVCard(userId: number, ids?: number[]): Readable {
    return contactsVCard(this.repository.all(userId, EXPORT_PAGE, undefined, ids));
  }

  /**
   * Contacts sharing a name, as groups with their size and first DUPLICATE_PEOPLE_SHOWN people, as the
   * response's JSON text: written by the database in one statement (decision 0031), sent as it is.
   * `duplicateGroup` answers one group with all its people.
   */
  async duplicatesJson(userId: number): Promise<string> {
    const found = await this.repository.duplicateGroupsJson(userId, DUPLICATE_PEOPLE_SHOWN);
    return `{"groups":${found.groups},"total_duplicates":${found.total_duplicates},"auto_mergeable":${found.auto_mergeable},"manual_review":${found.manual_review}}`;
  }

  async duplicates(userId: number): Promise<PersonDuplicatesResponse> {
    return JSON.parse(await this.duplicatesJson(userId));
  }

  /** The caller's contacts of one name key, all of them; 404 unless two or more share it. */
  async duplicateGroup(userId: number, key: string): Promise<PersonDuplicateGroup> {
    const rows = await this.repository.namesakesOf(userId, key);
    if (rows.length < 2) throw notFound('Duplicate group');
    const { identical, count } = rows[0];
    const people = rows.map(({ key: _key, identical: _identical, count: _count, ...person }) => person);
    return toPersonDuplicateGroupDto({ key, identical, count, people });
  }

  /** Moves all but the first contact of every identical group to the Trash, as one batch. */
  async autoMergeDuplicates(userId: number) {
    const merged = await this.db.transaction(async (tx) => {
      const duplicates = await this.repository.identicalDuplicates(userId, tx);
      const trashed = await this.trash(
        userId,
        duplicates.map((row) => row.id),
        tx,
      );
      return { ...trashed, groups: new Set(duplicates.map((row) => row.key)).size };
    });
    await this.maintenance.afterBulkWrite('contacts', merged.deleted);
    return merged;
  }

  /** Moves delete_ids to the Trash, keeping keep_id; every id must be one of the caller's contacts, or nothing happens. */
  async resolveDuplicates(
    userId: number,
    keepId: number | null,
    deleteIds: number[],
  ): Promise<TrashedContacts> {
    const ids = [...new Set([...deleteIds, ...(keepId === null ? [] : [keepId])])];
    if (keepId !== null && deleteIds.includes(keepId))
      throw fieldError('keep_id', 'The kept contact cannot also be deleted');
    const trashed = await this.db.transaction(async (tx) => {
      if ((await this.repository.countOwned(userId, ids, tx)) !== ids.length) throw notFound('Contact');
      if (keepId !== null && deleteIds.length > 0) {
        const merged = await this.repository.findByIds(userId, deleteIds, tx);
        const mergedNames = merged.map((row) => row.fullName || row.email || `#${row.id}`);
        await this.activity({ type: 'merged', userId, keepId, mergedIds: deleteIds, mergedNames }, tx);
      }
      return this.trash(userId, [...new Set(deleteIds)], tx);
    });
    await this.maintenance.afterBulkWrite('contacts', trashed.deleted);
    return trashed;
  }

  /**
   * get-columns: the analysis of a spooled upload (a CSV's columns, a vCard's cards), on a worker thread.
   * A file named .vcf that is no vCard is refused rather than read as a CSV.
   */
  async inspectCsv(path: string, name = '') {
    if (await isVCardFile(path)) return this.workers.run('inspectVCardFile', path);
    if (/\.(vcf|vcard)$/i.test(name))
      throw fieldError('file', 'This .vcf file holds no vCard: it must start with BEGIN:VCARD');
    return this.workers.run('inspectContactsCsvFile', path);
  }

  /** Opens the file and checks the mapping against its headers (400 before anything is read further). */
  private async openWithPlan(file: Readable | Buffer, fields: Record<string, string | undefined>) {
    const { mapping, combine } = readMappingFields(fields);
    const table = await openCsv(file);
    try {
      return { table, plan: planImport(table.headers, mapping, combine) };
    } catch (error) {
      await table.close();
      throw error;
    }
  }

  /**
   * The import as it would be: per field how many rows get a value, and the first rows as stored. Writes
   * nothing. A vCard file is read on a worker thread (no mapping); a CSV file here, a chunk at a time.
   */
  async previewCsv(
    file: SpooledFile,
    fields: Record<string, string | undefined>,
  ): Promise<CsvPreviewResponse> {
    if (await isVCardFile(file.path)) return this.workers.run('previewVCardFile', file.path);
    const { table, plan } = await this.openWithPlan(file.open(), fields);
    const preview = emptyPreview();
    const samples: string[][] = table.headers.map(() => []);
    for await (const { row, values } of table.records) {
      if (preview.total_rows < CHECKED_ROWS)
        values.forEach((value, index) => {
          samples[index].push(value);
        });
      addToPreview(preview, row, parseContactRow(plan, values));
    }
    preview.column_checks = columnChecks(table.headers, plan, samples);
    return preview;
  }

  /** A CSV import's mapping checked against the file's headers (400 naming it); the custom fields it adds. */
  private async checkMapping(file: SpooledFile, fields: Record<string, string | undefined>) {
    const { table, plan } = await this.openWithPlan(file.open(), fields);
    await table.close();
    return plan.customNames;
  }

  /** Call as an import's upload starts: the thread that will read its rows starts meanwhile. */
  prepareImport(): void {
    this.workers.warm('contactImportRows');
  }

  /**
   * Imports every valid row of a CSV file (through its mapping) or every card of a vCard file. Bad rows
   * are skipped and reported by their spreadsheet row number (a card by its number in the file). Custom
   * fields named in the mapping, or filled by a vCard's cards, join the user's list (within its limits:
   * 400 naming `mapping` or `file`). The rows carry the import's id, for undo. A worker thread reads the
   * rows and sends them as COPY text, which streams into one COPY from stdin while it reads on; it all
   * runs in one transaction, so the rows appear at its commit, all at once, and a file that cannot be
   * read to the end, a failed write or a crash leaves nothing.
   */
  async importCsv(
    userId: number,
    /** The spooled upload: a worker thread reads its rows. */
    file: SpooledFile,
    fields: Record<string, string | undefined>,
  ): Promise<CsvImportResult> {
    const started = performance.now();
    const format = (await isVCardFile(file.path)) ? 'vcard' : 'csv';
    const customNames = format === 'csv' ? await this.checkMapping(file, fields) : [];
    const result: CsvImportResult = {
      imported: 0,
      skipped: 0,
      total: 0,
      errors: [],
      warnings: [],
      importId: null,
    };
    await this.db.transaction(async (tx) => {
      if (customNames.length > 0) await this.customFields.addMissing(userId, customNames, tx, 'mapping');
      const importId = await this.repository.createImport(userId, tx);
      // The worker links each row to the company its organization names as it writes the row's COPY text.
      const companies = await this.companies.nameKeys(userId, tx);
      const rows = this.workers.stream('contactImportRows', {
        path: file.path,
        format,
        fields,
        userId,
        importId,
        batchRows: IMPORT_BATCH_ROWS,
        columns: IMPORT_COPY_COLUMNS,
        companies: companies.map(({ key, id, record }): [string, number, string] => [key, id, record]),
      });
      await this.repository.copyImported(counted(rows.items, result), tx);
      const { customNames: filled, ...tally } = await rows.result;
      Object.assign(result, tally);
      // A vCard's custom fields (X-RELATE-CUSTOM) are known once it is read: the same transaction.
      if (format === 'vcard' && filled.length > 0)
        await this.customFields.addMissing(userId, filled, tx, 'file');
      result.importId = result.imported > 0 ? importId : null;
      if (result.imported === 0) await this.repository.deleteImport(userId, importId, tx);
      // One timeline entry for the whole import, whatever its size: its contacts carry its id.
      else await this.activity({ type: 'imported', userId, importId, count: result.imported, format }, tx);
    });
    // The list is queried right after an import: the planner must know the new rows by then.
    await this.maintenance.afterBulkWrite('contacts', result.imported);
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.importedListeners) listener(result.imported, seconds);
    return result;
  }

  /** Undo: deletes exactly the contacts an import created, unless one of them was edited since (409). */
  async undoImport(userId: number, importId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      if (!(await this.repository.importExists(userId, importId, tx))) throw notFound('Import');
      const edited = await this.repository.countEditedSinceImport(userId, importId, tx);
      if (edited > 0)
        throw new AppError(
          409,
          'IMPORT_EDITED',
          `${edited === 1 ? '1 contact' : `${edited} contacts`} from this import ${edited === 1 ? 'was' : 'were'} edited since, so the import cannot be undone. Delete the contacts you no longer need one by one.`,
        );
      return this.repository.deleteImport(userId, importId, tx);
    });
  }

  /**
   * Copies the sender's contacts (custom fields included) into each recipient's list. Recipients must be
   * approved members of the sender's group (403, nothing copied), the contacts the sender's own (404).
   */
  async share(sender: AuthUser, userIds: number[], contactIds: number[]): Promise<number> {
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
      const shared: { userId: number; contactIds: number[] }[] = [];
      for (const recipient of recipients) {
        if (customNames.length > 0) await this.customFields.addMissing(recipient, customNames, tx);
        // A copy links to the recipient's own company of its organization's name, if any.
        const copies = rows.map(
          ({
            id: _id,
            userId: _userId,
            createdAt: _c,
            updatedAt: _u,
            importId: _i,
            companyId: _co,
            ...values
          }) => ({
            ...values,
            sharedBy: sender.email,
            userId: recipient,
          }),
        );
        const copyIds = await this.repository.insertMany(copies, tx);
        await this.linkByName(recipient, { ids: copyIds }, tx);
        shared.push({ userId: recipient, contactIds: copyIds });
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
      await this.activity(
        {
          type: 'shared',
          sender: { id: sender.id, name: from },
          recipientIds: recipients,
          contactIds: rows.map((row) => row.id),
          copies: shared,
        },
        tx,
      );
      return rows.length * recipients.length;
    });
  }
}
