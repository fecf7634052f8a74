#!/usr/bin/env node
/**
 * Part of `npm run lint`, reporting without failing (issue 34): every function over 80 lines and every
 * file over 600 lines in the project's own TypeScript, longest first, so that a change sees what it
 * grows. Tests and e2e journeys are left out (their tables and scripts read best long).
 *   node scripts/size-report.mjs [--all | --json]   (the 15 longest of each without --all)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const FUNCTION_LINES = 80;
export const FILE_LINES = 600;
const ROOTS = ['server/src', 'web/src', 'contracts/src', 'bench', 'scripts'];
const SHOWN = 15;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'fixtures', 'migrations'].includes(entry.name)) yield* sourceFiles(full);
    } else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !/\.(test|spec|d)\.[mc]?tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

const lineOf = (source, position) => source.getLineAndCharacterOfPosition(position).line + 1;

/** A function's name as a reader finds it: its own, its variable's, its property's or its class method's. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  return '(anonymous)';
}

/** The functions over FUNCTION_LINES lines and the files over FILE_LINES lines under the roots. */
export function sizeReport(base = root) {
  const functions = [];
  const files = [];
  for (const dir of ROOTS) {
    const absolute = path.join(base, dir);
    if (!fs.existsSync(absolute)) continue;
    for (const file of sourceFiles(absolute)) {
      const text = fs.readFileSync(file, 'utf8');
      const relative = path.relative(base, file);
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const lines = source.getLineAndCharacterOfPosition(text.length).line + 1;
      if (lines > FILE_LINES) files.push({ file: relative, lines });
      const visit = (node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = lineOf(source, node.getStart(source));
          const length = lineOf(source, node.end) - start + 1;
          if (length > FUNCTION_LINES)
            functions.push({ file: relative, line: start, name: nameOf(node), lines: length });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return {
    functions: functions.sort((a, b) => b.lines - a.lines),
    files: files.sort((a, b) => b.lines - a.lines),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = sizeReport();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const shown = (list) => (process.argv.includes('--all') ? list : list.slice(0, SHOWN));
    const more = (list) =>
      shown(list).length < list.length ? ` (the ${SHOWN} longest; --all for every one)` : '';
    console.log(
      `Functions over ${FUNCTION_LINES} lines: ${report.functions.length}${more(report.functions)}`,
    );
    for (const f of shown(report.functions))
      console.log(`  ${String(f.lines).padStart(4)}  ${f.file}:${f.line} ${f.name}`);
    console.log(`Files over ${FILE_LINES} lines: ${report.files.length}${more(report.files)}`);
    for (const f of shown(report.files)) console.log(`  ${String(f.lines).padStart(4)}  ${f.file}`);
  }
}
