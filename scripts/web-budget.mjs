#!/usr/bin/env node
/**
 * Fails when the JavaScript a first visit to /contacts downloads is over budget (issue 18): what
 * index.html makes the browser fetch (its scripts and modulepreloads), the entry chunk with everything
 * it imports statically, and the contacts route's and page's chunks with their static imports if the
 * build splits them off. Code the page loads later (a dialog's, when it is first opened) is not counted.
 * Sizes are gzip level 9, as the server sends them to a browser without brotli. Reads the Vite manifest
 * and index.html of a build: `npm run build` first.
 *   node scripts/web-budget.mjs [distDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

// Issue 18's target.
export const CONTACTS_BUDGET_BYTES = 200_000;
/** The router's module for /contacts and the page it renders: either may be split into its own chunk. */
export const CONTACTS_PAGE_MODULES = [
  'src/app/routes/contacts.tsx',
  'src/features/contacts/components/contacts-page.tsx',
];

/** The files index.html loads by itself: script sources and modulepreloads, relative to the build. */
function htmlScripts(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = tag.startsWith('<script') ? /\bsrc="([^"]+)"/.exec(tag)?.[1] : undefined;
    const preload = /\brel="modulepreload"/.test(tag) ? /\bhref="([^"]+)"/.exec(tag)?.[1] : undefined;
    const url = src ?? preload;
    if (url && !/^[a-z]+:|^\/\//i.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/**
 * The JavaScript files a first visit to a page loads, and their gzip sizes.
 * @param {string} distDir a Vite build with `build.manifest` on
 * @param {readonly string[]} pageModules the page's source files (route, page), relative to the web app's root
 */
export function initialJavaScript(distDir, pageModules) {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const htmlPath = path.join(distDir, 'index.html');
  for (const required of [manifestPath, htmlPath])
    if (!fs.existsSync(required)) throw new Error(`${required} is missing: build the web app first`);
  /** @type {Record<string, { file: string; imports?: string[]; isEntry?: boolean }>} */
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const pageModule of pageModules) visit(pageModule);
  const files = new Set([...keys].map((key) => manifest[key].file));
  for (const file of htmlScripts(fs.readFileSync(htmlPath, 'utf8'))) files.add(file);
  const sizes = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length,
    }));
  return { files: sizes, totalGzipBytes: sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? path.join(import.meta.dirname, '..', 'web', 'dist');
  const { files, totalGzipBytes } = initialJavaScript(distDir, CONTACTS_PAGE_MODULES);
  for (const { file, gzipBytes } of files.sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`  ${kB(gzipBytes).padStart(9)}  ${file}`);
  const verdict = totalGzipBytes <= CONTACTS_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `Initial JavaScript for /contacts: ${kB(totalGzipBytes)} gzipped, ${verdict} the ${kB(CONTACTS_BUDGET_BYTES)} budget`,
  );
  if (totalGzipBytes > CONTACTS_BUDGET_BYTES) process.exit(1);
}
