export const FUNCTION_LINES: number;
export const FILE_LINES: number;
export function sizeReport(base?: string): {
  functions: { file: string; line: number; name: string; lines: number }[];
  files: { file: string; lines: number }[];
};
