import {
  type CompaniesResponse,
  type Company,
  type CompanyChanges,
  type CompanyCsvHeadersResponse,
  type CompanyCsvPreview,
  type CompanyCsvResult,
  type CompanyCsvTarget,
  type CompanyDuplicatesResponse,
  type CompanyListOptions,
  CSV_PREVIEW_ROWS,
  type NewCompany,
  type ResolveCompanyDuplicatesBody,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import type { DatabaseMaintenance } from '../../db/maintenance';
import { openCsv } from '../../lib/csv';
import { fieldError, notFound } from '../../lib/errors';
import {
  type CompanyCombine,
  companyClashes,
  parseCompanyRow,
  recogniseColumns,
  resolveColumns,
} from './companies.csv';
import {
  toCompanyDto,
  toCompanyDuplicatesDto,
  toCompanyValues,
  toNewCompanyValues,
} from './companies.mappers';
import { type CompaniesRepository, isFiltered } from './companies.repository';

const MAX_REPORTED_ROW_ERRORS = 1000;

export class CompaniesService {
  constructor(
    private readonly db: Database,
    private readonly repository: CompaniesRepository,
    private readonly maintenance: DatabaseMaintenance,
  ) {}

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

  async get(userId: number, id: number): Promise<Company> {
    const row = await this.repository.findById(userId, id);
    if (!row) throw notFound('Company');
    return toCompanyDto(row);
  }

  async create(userId: number, body: NewCompany): Promise<Company> {
    return toCompanyDto(await this.repository.insert(userId, toNewCompanyValues(body)));
  }

  async update(userId: number, id: number, changes: CompanyChanges): Promise<Company> {
    const values = toCompanyValues(changes);
    if (Object.keys(values).length === 0) return this.get(userId, id);
    const row = await this.repository.update(userId, id, values);
    if (!row) throw notFound('Company');
    return toCompanyDto(row);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.repository.delete(userId, id))) throw notFound('Company');
  }

  async deleteAll(userId: number): Promise<number> {
    const deleted = await this.repository.deleteAll(userId);
    await this.maintenance.afterBulkWrite('companies', deleted);
    return deleted;
  }

  /** What the client needs to decide whether to show the 'Map CSV Columns' dialog. */
  async inspectCsv(csvData: string): Promise<CompanyCsvHeadersResponse> {
    const table = await openCsv(csvData);
    let totalRows = 0;
    for await (const _ of table.records) totalRows++;
    const { profile, recognised, reasons } = recogniseColumns(table.headers);
    const clashes = companyClashes(
      table.headers,
      table.headers.map((header) => recognised[header] ?? 'ignore'),
    );
    return {
      headers: table.headers,
      recognised,
      needs_mapping:
        Object.values(recognised).includes(null) || clashes.length > 0 || Object.keys(reasons).length > 0,
      total_rows: totalRows,
      profile,
      reasons,
      clashes,
    };
  }

  /** Opens the CSV and checks where its columns go (400 naming the field for a clash or no name column). */
  private async openWithColumns(
    csvData: string,
    customMapping?: Record<string, CompanyCsvTarget | null> | null,
    combine?: CompanyCombine | null,
  ) {
    const table = await openCsv(csvData);
    try {
      const columns = resolveColumns(table.headers, customMapping, combine);
      if (!columns.includes('record'))
        throw fieldError(
          'customMapping',
          `No column holds the company name. Columns found: ${table.headers.join(', ')}. Map one of them to record.`,
        );
      return { table, columns };
    } catch (error) {
      await table.close();
      throw error;
    }
  }

  /** The import as it would be: per field how many rows get a value, and the first companies as stored. */
  async previewCsv(
    csvData: string,
    customMapping?: Record<string, CompanyCsvTarget | null> | null,
    combine?: CompanyCombine | null,
  ): Promise<CompanyCsvPreview> {
    const { table, columns } = await this.openWithColumns(csvData, customMapping, combine);
    const preview: CompanyCsvPreview = {
      total_rows: 0,
      importable_rows: 0,
      skipped_rows: 0,
      filled: {},
      rows: [],
      errors: [],
    };
    for await (const { row, values } of table.records) {
      preview.total_rows++;
      const parsed = parseCompanyRow(columns, values, combine);
      if ('error' in parsed) {
        preview.skipped_rows++;
        if (preview.errors.length < MAX_REPORTED_ROW_ERRORS)
          preview.errors.push({ row, error: parsed.error });
        continue;
      }
      preview.importable_rows++;
      const stored: Record<string, string> = {};
      for (const [field, value] of Object.entries(parsed.company)) {
        const text = Array.isArray(value)
          ? value.join(', ')
          : value === null || value === undefined
            ? ''
            : String(value);
        if (text && !(field === 'twitter_follower_count' && text === '0')) stored[field] = text;
      }
      for (const field of Object.keys(stored)) preview.filled[field] = (preview.filled[field] ?? 0) + 1;
      if (preview.rows.length < CSV_PREVIEW_ROWS) preview.rows.push({ row, values: stored });
    }
    return preview;
  }

  /**
   * Imports every valid row in one transaction (batched inserts), so a file that cannot be read to the
   * end writes nothing. Invalid rows are skipped and reported by their spreadsheet row number.
   */
  async importCsv(
    userId: number,
    csvData: string,
    customMapping?: Record<string, CompanyCsvTarget | null> | null,
    combine?: CompanyCombine | null,
  ): Promise<CompanyCsvResult> {
    const { table, columns } = await this.openWithColumns(csvData, customMapping, combine);
    const result: CompanyCsvResult = { imported: 0, skipped: 0, errors: [] };
    await this.db.transaction(async (tx) => {
      async function* validCompanies() {
        for await (const { row, values } of table.records) {
          const parsed = parseCompanyRow(columns, values, combine);
          if ('error' in parsed) {
            result.skipped++;
            if (result.errors.length < MAX_REPORTED_ROW_ERRORS)
              result.errors.push({ row, error: parsed.error });
            continue;
          }
          yield toNewCompanyValues(parsed.company);
        }
      }
      result.imported = await this.repository.insertStream(userId, validCompanies(), tx);
    });
    await this.maintenance.afterBulkWrite('companies', result.imported);
    return result;
  }

  async duplicates(userId: number): Promise<CompanyDuplicatesResponse> {
    const groups = await this.repository.duplicateGroups(userId);
    const rows = await this.repository.findByIds(
      userId,
      groups.flatMap((group) => group.ids),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return toCompanyDuplicatesDto(
      groups.map((group) => ({
        key: group.key,
        identical: group.identical,
        // A company deleted between the two queries is simply left out.
        companies: group.ids.flatMap((id) => byId.get(id) ?? []),
      })),
    );
  }

  async autoMergeDuplicates(userId: number): Promise<{ deleted: number; groups: number }> {
    const merged = await this.repository.deleteIdenticalDuplicates(userId);
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
