export const CONTACTS_BUDGET_BYTES: number;
export const CONTACTS_PAGE_MODULE: string;
export function initialJavaScript(
  distDir: string,
  pageModule: string,
): { files: { file: string; gzipBytes: number }[]; totalGzipBytes: number };
