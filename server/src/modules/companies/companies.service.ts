import type {
  CompanyChanges,
  CompanyCsvHeadersResponse,
  CompanyCsvResult,
  CompanyCsvTarget,
  CompanyListOptions,
  CompanyStats,
  NewCompany,
  ResolveCompanyDuplicatesBody,
} from '@relate/contracts';
import type { Database } from '../../db/client';
import { openCsv } from '../../lib/csv';
import { fieldError, notFound } from '../../lib/errors';
import { parseCompanyRow, recogniseHeader, resolveColumns } from './companies.csv';
import { toCompanyValues, toNewCompanyValues } from './companies.mapper';
import { type CompaniesRepository, type CompanyRow, isFiltered } from './companies.repository';

const MAX_REPORTED_ROW_ERRORS = 1000;

export interface CompanyPage {
  rows: CompanyRow[];
  total: number;
  stats: CompanyStats;
}

export interface DuplicateGroup {
  key: string;
  identical: boolean;
  companies: CompanyRow[];
}

export class CompaniesService {
  constructor(
    private readonly db: Database,
    private readonly repository: CompaniesRepository,
  ) {}

  async list(userId: number, options: CompanyListOptions): Promise<CompanyPage> {
    // Unfiltered, the list's total is the stats' total: one count instead of two.
    const [rows, stats, filteredTotal] = await Promise.all([
      this.repository.page(userId, options),
      this.repository.stats(userId),
      isFiltered(options) ? this.repository.countMatching(userId, options) : undefined,
    ]);
    return { rows, total: filteredTotal ?? stats.total, stats };
  }

  async get(userId: number, id: number): Promise<CompanyRow> {
    const row = await this.repository.findById(userId, id);
    if (!row) throw notFound('Company');
    return row;
  }

  create(userId: number, body: NewCompany): Promise<CompanyRow> {
    return this.repository.insert(userId, toNewCompanyValues(body));
  }

  async update(userId: number, id: number, changes: CompanyChanges): Promise<CompanyRow> {
    const values = toCompanyValues(changes);
    if (Object.keys(values).length === 0) return this.get(userId, id);
    const row = await this.repository.update(userId, id, values);
    if (!row) throw notFound('Company');
    return row;
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.repository.delete(userId, id))) throw notFound('Company');
  }

  deleteAll(userId: number): Promise<number> {
    return this.repository.deleteAll(userId);
  }

  /** What the client needs to decide whether to show the 'Map CSV Columns' dialog. */
  async inspectCsv(csvData: string): Promise<CompanyCsvHeadersResponse> {
    const table = await openCsv(csvData);
    let totalRows = 0;
    for await (const _ of table.records) totalRows++;
    const recognised = Object.fromEntries(table.headers.map((header) => [header, recogniseHeader(header)]));
    return {
      headers: table.headers,
      recognised,
      needs_mapping: Object.values(recognised).includes(null),
      total_rows: totalRows,
    };
  }

  /**
   * Imports every valid row in one transaction (batched inserts), so a file that cannot be read to the
   * end writes nothing. Invalid rows are skipped and reported by their spreadsheet row number.
   */
  async importCsv(
    userId: number,
    csvData: string,
    customMapping?: Record<string, CompanyCsvTarget | null> | null,
  ): Promise<CompanyCsvResult> {
    const table = await openCsv(csvData);
    const columns = resolveColumns(table.headers, customMapping);
    if (!columns.includes('record')) {
      await table.close();
      throw fieldError(
        'customMapping',
        `No column holds the company name. Columns found: ${table.headers.join(', ')}. Map one of them to record.`,
      );
    }
    const result: CompanyCsvResult = { imported: 0, skipped: 0, errors: [] };
    await this.db.transaction(async (tx) => {
      async function* validCompanies() {
        for await (const { row, values } of table.records) {
          const parsed = parseCompanyRow(columns, values);
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
    return result;
  }

  async duplicates(userId: number): Promise<DuplicateGroup[]> {
    const groups = await this.repository.duplicateGroups(userId);
    const rows = await this.repository.findByIds(
      userId,
      groups.flatMap((group) => group.ids),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return groups.map((group) => ({
      key: group.key,
      identical: group.identical,
      // A company deleted between the two queries is simply left out.
      companies: group.ids.flatMap((id) => byId.get(id) ?? []),
    }));
  }

  autoMergeDuplicates(userId: number): Promise<{ deleted: number; groups: number }> {
    return this.repository.deleteIdenticalDuplicates(userId);
  }

  /** Deletes delete_ids, keeping keep_id; every id must be one of the caller's companies, or nothing happens. */
  async resolveDuplicates(userId: number, body: ResolveCompanyDuplicatesBody): Promise<number> {
    const ids = [...new Set([...body.delete_ids, ...(body.keep_id === null ? [] : [body.keep_id])])];
    return this.db.transaction(async (tx) => {
      if ((await this.repository.countOwned(userId, ids, tx)) !== ids.length) throw notFound('Company');
      return this.repository.deleteMany(userId, body.delete_ids, tx);
    });
  }
}
