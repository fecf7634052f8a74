import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_LINES, FUNCTION_LINES, sizeReport } from './size-report.mjs';

function project(files: Record<string, string>): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'size-report-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(base, name)), { recursive: true });
    fs.writeFileSync(path.join(base, name), text);
  }
  return base;
}

const body = (lines: number) =>
  Array.from({ length: lines }, (_, index) => `  const v${index} = ${index};`).join('\n');

describe('the size report', () => {
  it('names long functions by their own, variable or method name, longest first, and long files', () => {
    const base = project({
      'server/src/a.ts': `export function declared() {\n${body(FUNCTION_LINES)}\n}\n`,
      'web/src/b.tsx': `export const Arrow = () => {\n${body(FUNCTION_LINES + 5)}\n};\nclass C {\n  method() {\n${body(10)}\n  }\n}\n`,
      'contracts/src/c.ts': `${body(FILE_LINES + 1)}\n`,
      'server/src/a.test.ts': `it('x', () => {\n${body(200)}\n});\n`,
    });
    const report = sizeReport(base);
    expect(report.functions).toEqual([
      { file: 'web/src/b.tsx', line: 1, name: 'Arrow', lines: FUNCTION_LINES + 7 },
      { file: 'server/src/a.ts', line: 1, name: 'declared', lines: FUNCTION_LINES + 2 },
    ]);
    expect(report.files).toEqual([{ file: 'contracts/src/c.ts', lines: FILE_LINES + 2 }]);
  });
});
