#!/usr/bin/env node
/**
 * `npm run backup` / `npm run restore -- <file>`: compiles the server if its sources changed (as `npm start`
 * does), then runs server/dist/cli.js with the same arguments.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfChanged } from './build-if-changed.mjs';

await buildServerIfChanged();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(import.meta.dirname, '..', 'server', 'dist', 'cli.js')).href);
