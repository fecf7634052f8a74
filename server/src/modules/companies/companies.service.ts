import type {
  CompaniesResponse,
  Company,
  CompanyChanges,
  CompanyCsvHeadersResponse,
  CompanyCsvPreview,
  CompanyCsvResult,
  CompanyDuplicatesResponse,
  CompanyListOptions,
  NewCompany,
  ResolveCompanyDuplicatesBody,
  SearchResult,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { DatabaseMaintenance } from '../../db/maintenance';
import { notFound } from '../../lib/errors';
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

/** Told after an import commits: the rows it wrote and the seconds it took (metrics, given by services.ts). */
export type CompaniesImportedListener = (rows: number, seconds: number) => void;

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

export class CompaniesService {
  private readonly importedListeners: CompaniesImportedListener[] = [];
  private readonly changedListeners: CompanyChangedListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly repository: CompaniesRepository,
    private readonly maintenance: DatabaseMaintenance,
    private readonly workers: WorkerPool<typeof companiesTasks>,
  ) {}

  onImported(listener: CompaniesImportedListener): void {
    this.importedListeners.push(listener);
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

  async update(userId: number, id: number, changes: CompanyChanges): Promise<Company> {
    const values = toCompanyValues(changes);
    if (Object.keys(values).length === 0) return this.get(userId, id);
    return this.db.transaction(async (tx) => {
      const current = await this.repository.findById(userId, id, tx);
      if (!current) throw notFound('Company');
      const updated = toCompanyDto((await this.repository.update(userId, id, values, tx))!);
      const before = toCompanyDto(current);
      const fields: CompanyFieldChange[] = [];
      for (const key of Object.keys(updated) as (keyof Company)[]) {
        if (key === 'updated_at' || key === 'created_at' || key === 'id') continue;
        if (JSON.stringify(before[key] ?? null) !== JSON.stringify(updated[key] ?? null))
          fields.push({ field: key, before: before[key] ?? null, after: updated[key] ?? null });
      }
      if (fields.length > 0)
        for (const listener of this.changedListeners)
          await listener({ userId, companyId: id, changes: fields }, tx);
      return updated;
    });
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.repository.delete(userId, id))) throw notFound('Company');
  }

  async deleteAll(userId: number): Promise<number> {
    const deleted = await this.repository.deleteAll(userId);
    await this.maintenance.afterBulkWrite('companies', deleted);
    return deleted;
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
  async autoMergeDuplicates(userId: number): Promise<{ deleted: number; groups: number }> {
    const merged = await this.db.transaction(async (tx) => {
      const namesakes = await this.repository.namesakes(userId, tx, { forUpdate: true });
      const identical = groupNamesakes(namesakes).filter((group) => group.identical);
      const extra = identical.flatMap((group) => group.companies.slice(1).map((company) => company.id));
      return { deleted: await this.repository.deleteMany(userId, extra, tx), groups: identical.length };
    });
    await this.maintenance.afterBulkWrite('companies', merged.deleted);
    return merged;
  }

  /** Deletes delete_ids, keeping keep_id; every id must be one of the caller's companies, or nothing happens. */
  async resolveDuplicates(userId: number, body: ResolveCompanyDuplicatesBody): Promise<number> {
    const ids = [...new Set([...body.delete_ids, ...(body.keep_id === null ? [] : [body.keep_id])])];
    const deleted = await this.db.transaction(async (tx) => {
      if ((await this.repository.countOwned(userId, ids, tx)) !== ids.length) throw notFound('Company');
      return this.repository.deleteMany(userId, body.delete_ids, tx);
    });
    await this.maintenance.afterBulkWrite('companies', deleted);
    return deleted;
  }
}
