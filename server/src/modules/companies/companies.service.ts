import { randomUUID } from 'node:crypto';
import {
  type CompaniesResponse,
  type Company,
  type CompanyChanges,
  type CompanyCsvHeadersResponse,
  type CompanyCsvPreview,
  type CompanyCsvResult,
  type CompanyDuplicatesResponse,
  type CompanyListOptions,
  type CompanySuggestion,
  type CompanySuggestionsResponse,
  CreateCompanyBodySchema,
  companyNameKey,
  type NewCompany,
  type ResolveCompanyDuplicatesBody,
  type SearchResult,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { DatabaseMaintenance } from '../../db/maintenance';
import type { TrashRowsSelection } from '../../db/trash-rows';
import { notFound } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import type { WorkerPool } from '../../lib/workers/pool';
import type { CompanyCombine } from './companies.csv';
import type { CompanyMapping } from './companies.csv-file';
import { groupNamesakes } from './companies.duplicates';
import {
  toCompanyDto,
  toCompanyDuplicatesDto,
  toCompanySearchResult,
  toCompanyValues,
  toNewCompanyValues,
} from './companies.mappers';
import { type CompaniesRepository, isFiltered } from './companies.repository';
import type { companiesTasks } from './companies.tasks';

/** Rows per batch of COPY text the worker thread answers (all stream into one COPY). */
const IMPORT_BATCH_ROWS = 1000;

/** How many companies the contact form suggests for a typed organization. */
const SUGGESTIONS = 8;

/** Contacts of the `from` companies go to `to` (a merge keeps `to` and deletes the others). */
export interface CompanyLinksMove {
  from: number[];
  to: CompanySuggestion;
}
/** Runs inside the transaction that renames a company: its people's organization follows (contacts). */
export type CompanyRenamedListener = (
  userId: number,
  company: CompanySuggestion,
  tx: Database,
) => Promise<void>;
/** Runs inside a merge's transaction, before the merged companies are deleted: their people move. */
export type CompaniesMergingListener = (
  userId: number,
  moves: CompanyLinksMove[],
  tx: Database,
) => Promise<void>;

/** Told after an import commits: the rows it wrote and the seconds it took (metrics, given by services.ts). */
export type CompaniesImportedListener = (rows: number, seconds: number) => void;

/** What a delete moved to the Trash: how many, and the batch its Undo restores (null: none). */
export interface TrashedCompanies {
  deleted: number;
  batch: string | null;
}

/** A company field's value before and after a change, by its API name. */
export interface CompanyFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Told inside the transaction that changed a company's fields (the timeline, issue 35): who changed
 * it and each field's value before and after.
 */
export type CompanyChangedListener = (
  change: { userId: number; companyId: number; changes: CompanyFieldChange[] },
  tx: Database,
) => Promise<void>;

/** Each field of a company whose value an update changed, with before and after. */
function changedFields(before: Company, after: Company): CompanyFieldChange[] {
  const fields: CompanyFieldChange[] = [];
  for (const key of Object.keys(after) as (keyof Company)[]) {
    if (key === 'updated_at' || key === 'created_at' || key === 'id') continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      fields.push({ field: key, before: before[key] ?? null, after: after[key] ?? null });
  }
  return fields;
}

export class CompaniesService {
  private readonly importedListeners: CompaniesImportedListener[] = [];
  private readonly renamedListeners: CompanyRenamedListener[] = [];
  private readonly mergingListeners: CompaniesMergingListener[] = [];
  private readonly changedListeners: CompanyChangedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: CompaniesRepository,
    private readonly maintenance: DatabaseMaintenance,
    private readonly workers: WorkerPool<typeof companiesTasks>,
    private readonly clock: Clock,
  ) {}

  onImported(listener: CompaniesImportedListener): void {
    this.importedListeners.push(listener);
  }

  onRenamed(listener: CompanyRenamedListener): void {
    this.renamedListeners.push(listener);
  }

  onMerging(listener: CompaniesMergingListener): void {
    this.mergingListeners.push(listener);
  }

  private async merging(userId: number, moves: CompanyLinksMove[], tx: Database): Promise<void> {
    const moving = moves.filter((move) => move.from.length > 0);
    if (moving.length === 0) return;
    for (const listener of this.mergingListeners) await listener(userId, moving, tx);
  }

  /**
   * The companies a typed organization may mean: the one it names (same name key) first, then the quick
   * search's companies for the text (names that start with it, then words, then anywhere).
   */
  async suggestions(userId: number, text: string): Promise<CompanySuggestionsResponse> {
    const [match, found] = await Promise.all([
      this.findByName(userId, text),
      this.repository.search(userId, text, SUGGESTIONS),
    ]);
    const others = found
      .filter((company) => company.id !== match?.id)
      .map(({ id, record }) => ({ id, record }));
    return {
      companies: [...(match ? [match] : []), ...others].slice(0, SUGGESTIONS),
      match_id: match?.id ?? null,
    };
  }

  /** The user's company `id` as a contact names it, if it is theirs. */
  async findName(userId: number, id: number, db?: Database): Promise<CompanySuggestion | undefined> {
    const row = await this.repository.findById(userId, id, db);
    return row && { id: row.id, record: row.record };
  }

  /** The user's company this name means (companyNameKey; the lowest id of those sharing the key). */
  findByName(userId: number, name: string, db?: Database): Promise<CompanySuggestion | undefined> {
    const key = companyNameKey(name);
    return key ? this.repository.findByNameKey(userId, key, db) : Promise.resolve(undefined);
  }

  /** The company this name means, added (with just its name) when the user has none. */
  async findOrCreate(userId: number, name: string, db: Database): Promise<CompanySuggestion> {
    const found = await this.findByName(userId, name, db);
    if (found) return found;
    const row = await this.repository.insert(
      userId,
      toNewCompanyValues(CreateCompanyBodySchema.parse({ record: name })),
      db,
    );
    return { id: row.id, record: row.record };
  }

  /** Every name key of the user's companies with the company it means: contacts link many at once by it. */
  nameKeys(userId: number, db?: Database): Promise<(CompanySuggestion & { key: string })[]> {
    return this.repository.nameKeys(userId, db);
  }

  async list(userId: number, options: CompanyListOptions): Promise<CompaniesResponse> {
    // The stats are one row kept by triggers (decision 0028); unfiltered, the list's total is theirs. A
    // filtered page carries its bounded count in the same statement. On PostgreSQL both run side by side.
    const filtered = isFiltered(options);
    const [{ rows, count }, stats] = await Promise.all([
      this.repository.page(userId, options, filtered),
      this.repository.stats(userId),
    ]);
    const { total, capped } = count ?? { total: stats.total, capped: false };
    return {
      companies: rows.map(toCompanyDto),
      total,
      total_capped: capped,
      page: options.page,
      page_size: options.page_size,
      stats,
    };
  }

  /** The quick search's companies (Cmd+K). */
  async search(userId: number, text: string, limit: number): Promise<SearchResult[]> {
    return (await this.repository.search(userId, text, limit)).map(toCompanySearchResult);
  }

  async get(userId: number, id: number): Promise<Company> {
    const row = await this.repository.findById(userId, id);
    if (!row) throw notFound('Company');
    return toCompanyDto(row);
  }

  async create(userId: number, body: NewCompany): Promise<Company> {
    return toCompanyDto(await this.repository.insert(userId, toNewCompanyValues(body)));
  }

  onChanged(listener: CompanyChangedListener): void {
    this.changedListeners.push(listener);
  }

  /** A new name reaches the company's people (their organization), and the timeline each change, in one transaction. */
  async update(userId: number, id: number, changes: CompanyChanges): Promise<Company> {
    const values = toCompanyValues(changes);
    if (Object.keys(values).length === 0) return this.get(userId, id);
    return this.db.transaction(async (tx) => {
      const current = await this.repository.findById(userId, id, tx);
      if (!current) throw notFound('Company');
      const row = (await this.repository.update(userId, id, values, tx))!;
      if (values.record !== undefined)
        for (const listener of this.renamedListeners)
          await listener(userId, { id: row.id, record: row.record }, tx);
      const updated = toCompanyDto(row);
      const fields = changedFields(toCompanyDto(current), updated);
      if (fields.length > 0)
        for (const listener of this.changedListeners)
          await listener({ userId, companyId: id, changes: fields }, tx);
      return updated;
    });
  }

  /** Moves the user's companies of `ids` to the Trash, in the caller's transaction or one of its own. */
  private async trash(userId: number, ids: number[], tx?: Database): Promise<TrashedCompanies> {
    if (ids.length === 0) return { deleted: 0, batch: null };
    const batch = randomUUID();
    const move = (tx: Database) =>
      this.repository.moveToTrash(userId, ids, { batch, deletedAt: this.clock() }, tx);
    const moved = tx ? await move(tx) : await this.db.transaction(move);
    return { deleted: moved.length, batch: moved.length > 0 ? batch : null };
  }

  /** Moves one company to the Trash. */
  async delete(userId: number, id: number): Promise<TrashedCompanies> {
    const trashed = await this.trash(userId, [id]);
    if (trashed.deleted === 0) throw notFound('Company');
    return trashed;
  }

  /** "Delete All Companies": every company of the user to the Trash, as one batch. */
  async deleteAll(userId: number): Promise<TrashedCompanies> {
    const trashed = await this.db.transaction(async (tx) =>
      this.trash(userId, await this.repository.ownedIds(userId, tx), tx),
    );
    await this.maintenance.afterBulkWrite('companies', trashed.deleted);
    return trashed;
  }

  /** Brings trashed companies back with their ids (in the trash module's transaction); answers how many. */
  async restore(userId: number, selection: TrashRowsSelection, tx: Database): Promise<number> {
    return (await this.repository.restoreFromTrash(userId, selection, tx)).length;
  }

  /** What the client needs to decide whether to show the 'Map CSV Columns' dialog (read on a worker thread). */
  inspectCsv(csvData: string): Promise<CompanyCsvHeadersResponse> {
    return this.workers.run('inspectCompanies', csvData);
  }

  /** The import as it would be, nothing written (read on a worker thread). */
  previewCsv(
    csvData: string,
    customMapping?: CompanyMapping,
    combine?: CompanyCombine | null,
  ): Promise<CompanyCsvPreview> {
    return this.workers.run('previewCompanies', csvData, customMapping, combine);
  }

  /**
   * Imports every valid row; invalid rows are skipped and reported by their spreadsheet row number. The
   * whole file is read on a worker thread first, so a file that cannot be read to its end writes
   * nothing. The rows stream into one COPY in one transaction: they appear at its commit, all at once,
   * and a failed write or a crash leaves none.
   */
  async importCsv(
    userId: number,
    csvData: string,
    customMapping?: CompanyMapping,
    combine?: CompanyCombine | null,
  ): Promise<CompanyCsvResult> {
    const started = performance.now();
    const { batches, valid, skipped, errors } = await this.workers.run(
      'prepareCompanies',
      userId,
      csvData,
      customMapping,
      combine,
      IMPORT_BATCH_ROWS,
    );
    if (valid > 0) await this.db.transaction((tx) => this.repository.copyImported(batches, tx));
    await this.maintenance.afterBulkWrite('companies', valid);
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.importedListeners) listener(valid, seconds);
    return { imported: valid, skipped, errors };
  }

  /** Groups of companies with the same name; identical ones can be merged automatically. One statement. */
  async duplicates(userId: number): Promise<CompanyDuplicatesResponse> {
    return toCompanyDuplicatesDto(groupNamesakes(await this.repository.namesakes(userId)));
  }

  /** Keeps the first (lowest id) company of every identical group and deletes the others. */
  async autoMergeDuplicates(userId: number): Promise<TrashedCompanies & { groups: number }> {
    const merged = await this.db.transaction(async (tx) => {
      const namesakes = await this.repository.namesakes(userId, tx, { forUpdate: true });
      const identical = groupNamesakes(namesakes).filter((group) => group.identical);
      const extra = identical.flatMap((group) => group.companies.slice(1).map((company) => company.id));
      await this.merging(
        userId,
        identical.map(({ companies: [kept, ...others] }) => ({
          from: others.map((company) => company.id),
          to: { id: kept.id, record: kept.record },
        })),
        tx,
      );
      return { ...(await this.trash(userId, extra, tx)), groups: identical.length };
    });
    await this.maintenance.afterBulkWrite('companies', merged.deleted);
    return merged;
  }

  /**
   * Moves delete_ids to the Trash, keeping keep_id, to which the deleted companies' people move; every id
   * must be one of the caller's companies, or nothing happens.
   */
  async resolveDuplicates(userId: number, body: ResolveCompanyDuplicatesBody): Promise<TrashedCompanies> {
    const ids = [...new Set([...body.delete_ids, ...(body.keep_id === null ? [] : [body.keep_id])])];
    const trashed = await this.db.transaction(async (tx) => {
      if ((await this.repository.countOwned(userId, ids, tx)) !== ids.length) throw notFound('Company');
      const kept = body.keep_id === null ? undefined : await this.findName(userId, body.keep_id, tx);
      if (kept)
        await this.merging(userId, [{ from: body.delete_ids.filter((id) => id !== kept.id), to: kept }], tx);
      return this.trash(userId, [...new Set(body.delete_ids)], tx);
    });
    await this.maintenance.afterBulkWrite('companies', trashed.deleted);
    return trashed;
  }
}
