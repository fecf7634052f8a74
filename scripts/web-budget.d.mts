export const CONTACTS_BUDGET_BYTES: number;
export const CONTACTS_PAGE_MODULES: readonly string[];
export function initialJavaScript(
  distDir: string,
  pageModules: readonly string[],
): { files: { file: string; gzipBytes: number }[]; totalGzipBytes: number };
