import type {
  CsvColumnsResponse,
  CsvCombineMode,
  CsvImportResponse,
  CsvPreviewResponse,
  UndoCsvImportResponse,
} from '@relate/contracts';
import { request } from '@/lib/api-client';

export interface CsvMappingChoice {
  mapping: Record<string, string>;
  combine: Record<string, CsvCombineMode>;
}

function mappingForm(file: File, { mapping, combine }: CsvMappingChoice) {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('combine', JSON.stringify(combine));
  form.append('file', file);
  return form;
}

export function getCsvColumns(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request<CsvColumnsResponse>('/csv/get-columns', { method: 'POST', body: form });
}

/** The import as it would be, without writing anything. */
export function previewCsvImport(file: File, choice: CsvMappingChoice) {
  return request<CsvPreviewResponse>('/csv/preview', { method: 'POST', body: mappingForm(file, choice) });
}

export function importCsvWithMapping(
  file: File,
  choice: CsvMappingChoice,
  onUploadProgress?: (fraction: number) => void,
) {
  return request<CsvImportResponse>('/csv/import-with-mapping', {
    method: 'POST',
    body: mappingForm(file, choice),
    onUploadProgress,
  });
}

/** Undo this import: deletes the contacts it created (409 when one was edited since). */
export function undoCsvImport(importId: number) {
  return request<UndoCsvImportResponse>(`/csv/imports/${importId}`, { method: 'DELETE' });
}
