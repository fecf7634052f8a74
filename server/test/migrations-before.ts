import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

/**
 * A migrations folder holding only the migrations before `tag`, as a database created before it has
 * them (for tests of a migration on existing data). Remove it when done.
 */
export function migrationsBefore(tag: string): string {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-migration-'));
  fs.mkdirSync(path.join(before, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  return before;
}
