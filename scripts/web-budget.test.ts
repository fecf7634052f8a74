import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialJavaScript } from './web-budget.mjs';

let dist: string;
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), content);
  return zlib.gzipSync(content, { level: 9 }).length;
};

const sizes: Record<string, number> = {};

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-budget-'));
  sizes.entry = write('assets/index-a1.js', 'import "./react-b2.js";'.repeat(50));
  sizes.vendor = write('assets/react-b2.js', 'export const react = 1;'.repeat(300));
  sizes.page = write('assets/contacts-page-c3.js', 'export const page = 2;'.repeat(80));
  sizes.shared = write('assets/table-d4.js', 'export const table = 3;'.repeat(40));
  write('assets/tasks-page-e5.js', 'export const tasks = 4;'.repeat(500));
  write('assets/index-a1.css', 'body{}');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': {
        file: 'assets/index-a1.js',
        isEntry: true,
        imports: ['_react-b2.js'],
        dynamicImports: ['src/contacts-page.tsx', 'src/tasks-page.tsx'],
        css: ['assets/index-a1.css'],
      },
      '_react-b2.js': { file: 'assets/react-b2.js' },
      '_table-d4.js': { file: 'assets/table-d4.js', imports: ['_react-b2.js'] },
      'src/contacts-page.tsx': {
        file: 'assets/contacts-page-c3.js',
        isDynamicEntry: true,
        imports: ['_table-d4.js'],
      },
      'src/tasks-page.tsx': { file: 'assets/tasks-page-e5.js', isDynamicEntry: true },
    }),
  );
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('initial JavaScript budget', () => {
  it("counts the entry, its static imports and the page's chunk, gzipped, and no other page", () => {
    const { files, totalGzipBytes } = initialJavaScript(dist, 'src/contacts-page.tsx');
    expect(files.map((file) => file.file).sort()).toEqual([
      'assets/contacts-page-c3.js',
      'assets/index-a1.js',
      'assets/react-b2.js',
      'assets/table-d4.js',
    ]);
    expect(totalGzipBytes).toBe(sizes.entry + sizes.vendor + sizes.page + sizes.shared);
  });

  it('refuses to guess without a build', () => {
    expect(() => initialJavaScript(path.join(dist, 'missing'), 'src/contacts-page.tsx')).toThrow(
      /build the web app/,
    );
  });
});
