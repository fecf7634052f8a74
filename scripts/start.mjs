#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server only when their sources changed since the last build
 * (build-if-changed.mjs), then runs the compiled server in this process, with no TypeScript transpiler
 * at run time.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfChanged, buildWebIfChanged } from './build-if-changed.mjs';

const root = path.resolve(import.meta.dirname, '..');

await buildWebIfChanged();
await buildServerIfChanged();

// Stack traces point into server/src rather than the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
