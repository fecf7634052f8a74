import type {
  CompanyCsvBody,
  CompanyCsvHeadersResponse,
  CompanyCsvPreview,
  CompanyCsvResult,
} from '@relate/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

/** The headers as the server reads them, and whether 'Map CSV Columns' is needed. */
export const inspectCompaniesCsv = (csvData: string) =>
  fetchJson<CompanyCsvHeadersResponse>('/company-csv-processor/headers', {
    method: 'POST',
    body: { csvData },
  });

/** The import as it would be, nothing written. */
export const previewCompaniesCsv = (body: CompanyCsvBody) =>
  fetchJson<CompanyCsvPreview>('/company-csv-processor/preview', { method: 'POST', body });

export const importCompaniesCsv = (body: CompanyCsvBody) =>
  fetchJson<CompanyCsvResult>('/company-csv-processor', { method: 'POST', body });

export const useInspectCompaniesCsv = () => useMutation({ mutationFn: inspectCompaniesCsv });

export const usePreviewCompaniesCsv = () => useMutation({ mutationFn: previewCompaniesCsv });

export const useImportCompaniesCsv = () =>
  useAppMutation({ mutationFn: importCompaniesCsv, invalidates: [companyKeys.all] });
