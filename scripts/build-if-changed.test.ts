import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import rootPackage from '../package.json' with { type: 'json' };
import { buildIfChanged } from './build-if-changed.mjs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-build-if-changed-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('builds when the sources changed since the last build, and only then', async () => {
  fs.mkdirSync(path.join(root, 'src'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.writeFileSync(path.join(root, 'src', 'app.ts'), 'one');
  let builds = 0;
  const build = () => buildIfChanged('app', 'dist', ['src'], () => void builds++, root);

  expect(await build()).toBe(true);
  expect(await build()).toBe(false);
  // A test file is no source of the build.
  fs.writeFileSync(path.join(root, 'src', 'app.test.ts'), 'test');
  expect(await build()).toBe(false);
  fs.writeFileSync(path.join(root, 'src', 'app.ts'), 'two');
  expect(await build()).toBe(true);
  expect(builds).toBe(2);
});

it('dev:fakes builds through that check, not every time', () => {
  expect(rootPackage.scripts['dev:fakes']).not.toMatch(/npm run build/);
  expect(fs.readFileSync(path.join(import.meta.dirname, 'dev-fakes.ts'), 'utf8')).toContain(
    'await buildWebIfChanged()',
  );
});
