import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS_BUDGET_BYTES, initialJavaScript } from './web-budget.mjs';

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
  sizes.theme = write('theme-init.js', 'document.documentElement.dataset.theme = "dark";');
  write('assets/index-a1.css', 'body{}');
  write(
    'index.html',
    [
      '<script src="/theme-init.js"></script>',
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-a1.css">',
    ].join('\n'),
  );
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
  it("counts index.html's scripts, the entry, its static imports and the page's chunk, gzipped, and no other page", () => {
    const { files, totalGzipBytes } = initialJavaScript(dist, [
      'src/routes/contacts.tsx',
      'src/contacts-page.tsx',
    ]);
    expect(files.map((file) => file.file).sort()).toEqual([
      'assets/contacts-page-c3.js',
      'assets/index-a1.js',
      'assets/react-b2.js',
      'assets/table-d4.js',
      'theme-init.js',
    ]);
    expect(totalGzipBytes).toBe(sizes.entry + sizes.vendor + sizes.page + sizes.shared + sizes.theme);
  });

  it('refuses to guess without a build', () => {
    expect(() => initialJavaScript(path.join(dist, 'missing'), ['src/contacts-page.tsx'])).toThrow(
      /build the web app/,
    );
  });

  it('fails the check over the budget', () => {
    const over = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-budget-over-'));
    try {
      // Random bytes do not compress: the entry alone is over the budget once gzipped.
      const entry = crypto.randomBytes(CONTACTS_BUDGET_BYTES + 10_000).toString('base64');
      fs.mkdirSync(path.join(over, 'assets'));
      fs.mkdirSync(path.join(over, '.vite'));
      fs.writeFileSync(path.join(over, 'assets', 'index-f6.js'), `export const x = "${entry}";`);
      fs.writeFileSync(
        path.join(over, 'index.html'),
        '<script type="module" src="/assets/index-f6.js"></script>',
      );
      fs.writeFileSync(
        path.join(over, '.vite', 'manifest.json'),
        JSON.stringify({ 'index.html': { file: 'assets/index-f6.js', isEntry: true } }),
      );
      const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'web-budget.mjs'), over], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/OVER the 200\.0 kB budget/);
    } finally {
      fs.rmSync(over, { recursive: true, force: true });
    }
  });
});
