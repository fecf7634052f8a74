/**
 * The companies' work on worker threads (registered in server/src/heavy-work.ts): a company CSV's
 * headers, its preview, or its valid rows as insert batches (companies.csv-file.ts).
 */
import { task } from '../../lib/workers/tasks';

const companiesCsvModule = () => import('./companies.csv-file');
type CompaniesCsv = Awaited<ReturnType<typeof companiesCsvModule>>;

export const companiesTasks = {
  inspectCompanies: task(companiesCsvModule, (csv, args: Parameters<CompaniesCsv['inspectCompaniesCsv']>) =>
    csv.inspectCompaniesCsv(...args),
  ),
  previewCompanies: task(companiesCsvModule, (csv, args: Parameters<CompaniesCsv['previewCompaniesCsv']>) =>
    csv.previewCompaniesCsv(...args),
  ),
  prepareCompanies: task(
    companiesCsvModule,
    (csv, args: Parameters<CompaniesCsv['prepareCompaniesImport']>) => csv.prepareCompaniesImport(...args),
  ),
};
