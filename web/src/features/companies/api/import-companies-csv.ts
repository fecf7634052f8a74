import type { CompanyCsvBody, CompanyCsvHeadersResponse, CompanyCsvResult } from '@relate/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useCompaniesMutation } from './use-companies-mutation';

/** The headers as the server reads them, and whether 'Map CSV Columns' is needed. */
export const inspectCompaniesCsv = (csvData: string) =>
  fetchJson<CompanyCsvHeadersResponse>('/company-csv-processor/headers', {
    method: 'POST',
    body: { csvData },
  });

export const importCompaniesCsv = (body: CompanyCsvBody) =>
  fetchJson<CompanyCsvResult>('/company-csv-processor', { method: 'POST', body });

export const useInspectCompaniesCsv = () => useMutation({ mutationFn: inspectCompaniesCsv });

export const useImportCompaniesCsv = () => useCompaniesMutation(importCompaniesCsv);
