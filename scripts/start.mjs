#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server only when their sources changed since the last build
 * (a content fingerprint kept next to each build), then runs the compiled server in this process, with
 * no TypeScript transpiler at run time.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const FINGERPRINT_FILE = '.source-fingerprint';

/** A hash of every file under `inputs` (files or directories, relative to the root), tests excluded. */
export function fingerprint(inputs) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => {
    const full = path.join(root, input);
    if (!fs.existsSync(full)) return [];
    if (fs.statSync(full).isFile()) return [full];
    return fs
      .readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
  });
  for (const file of files.sort()) {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** Runs `build` unless `outDir` holds a build of exactly these inputs. */
async function buildIfChanged(label, outDir, inputs, build) {
  const current = fingerprint(inputs);
  const stamp = path.join(root, outDir, FINGERPRINT_FILE);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === current) return;
  console.log(`Building the ${label} (its sources changed since the last build)...`);
  await build();
  fs.writeFileSync(stamp, current);
}

const shared = ['contracts/src', 'package-lock.json'];

await buildIfChanged(
  'web app',
  'web/dist',
  [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    'scripts/precompress.mjs',
    ...shared,
  ],
  () => {
    const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  },
);
await buildIfChanged(
  'server',
  'server/dist',
  ['server/src', 'server/package.json', 'scripts/build-server.mjs', ...shared],
  async () => {
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  },
);

// Stack traces point into server/src rather than the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
