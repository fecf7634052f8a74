/**
 * Builds the web app and the server only when their sources changed since the last build: a content
 * fingerprint of the sources is kept next to each build. Used by `npm start` and `npm run dev:fakes`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const repository = path.resolve(import.meta.dirname, '..');
const FINGERPRINT_FILE = '.source-fingerprint';

/** A hash of every file under `inputs` (files or directories, relative to `root`), tests excluded. */
function fingerprint(inputs, root = repository) {
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

/** Runs `build` unless `outDir` holds a build of exactly these inputs; answers whether it built. */
export async function buildIfChanged(label, outDir, inputs, build, root = repository) {
  const current = fingerprint(inputs, root);
  const stamp = path.join(root, outDir, FINGERPRINT_FILE);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === current) return false;
  console.log(`Building the ${label} (its sources changed since the last build)...`);
  await build();
  fs.writeFileSync(stamp, current);
  return true;
}

const shared = ['contracts/src', 'package-lock.json'];

export function buildWebIfChanged() {
  return buildIfChanged(
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
      const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repository, stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    },
  );
}

export function buildServerIfChanged() {
  return buildIfChanged(
    'server',
    'server/dist',
    ['server/src', 'server/package.json', 'scripts/build-server.mjs', ...shared],
    async () => {
      const { buildServer } = await import('./build-server.mjs');
      await buildServer();
    },
  );
}
