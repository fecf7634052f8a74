import type { CsvColumnsResponse, CsvImportResponse } from '@relate/contracts';
import { request } from '@/lib/api-client';

export function getCsvColumns(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request<CsvColumnsResponse>('/csv/get-columns', { method: 'POST', body: form });
}

export function importCsvWithMapping(
  file: File,
  mapping: Record<string, string>,
  onUploadProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  return request<CsvImportResponse>('/csv/import-with-mapping', {
    method: 'POST',
    body: form,
    onUploadProgress,
  });
}
