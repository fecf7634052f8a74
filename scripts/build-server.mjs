#!/usr/bin/env node
/**
 * Compiles the server into server/dist/main.js (and its worker threads' heavy-work.js) with esbuild: its own code and the workspace's contracts
 * (TypeScript sources) bundled, every npm dependency left to node_modules; the SQL migrations copied next
 * to it, where the database client looks for them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(import.meta.dirname, '..', 'server');

export async function buildServer(outDir = path.join(server, 'dist')) {
  fs.rmSync(outDir, { recursive: true, force: true });
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  const common = {
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Subpaths (drizzle-orm/pg-core, ...) of an external package are external too. The workspace's
    // own packages (@relate/contracts) are TypeScript sources: bundled.
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@relate/')),
    sourcemap: true,
    logLevel: 'warning',
  };
  // cli.js: `npm run backup` and `npm run restore` (scripts/cli.mjs).
  await build({
    ...common,
    entryPoints: { main: path.join(server, 'src', 'main.ts'), cli: path.join(server, 'src', 'cli.ts') },
  });
  // The worker threads' entry (heavy-work.ts, run by lib/workers/pool.ts), next to main.js: each task's
  // modules a chunk of its own, loaded when a thread first runs the task.
  await build({
    ...common,
    entryPoints: { 'heavy-work': path.join(server, 'src', 'heavy-work.ts') },
    splitting: true,
    chunkNames: 'heavy-work/[name]-[hash]',
  });
  fs.cpSync(path.join(server, 'src', 'db', 'migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
