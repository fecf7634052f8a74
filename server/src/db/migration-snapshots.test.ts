import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * `npm run db:generate` diffs the schema against the newest snapshot in migrations/meta. Migrations
 * written by hand (triggers, data fixes) must leave a snapshot of the schema they reach, or the next
 * generated migration repeats their changes.
 */
const meta = path.resolve(import.meta.dirname, 'migrations/meta');

describe('drizzle migration snapshots', () => {
  it('the newest snapshot is the schema (db:generate finds nothing to do)', async () => {
    const snapshots = fs
      .readdirSync(meta)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort();
    const newest = JSON.parse(fs.readFileSync(path.join(meta, snapshots.at(-1) as string), 'utf8'));
    const current = generateDrizzleJson(schema, newest.id, undefined, 'snake_case');
    expect(await generateMigration(newest, current)).toEqual([]);
  });

  it('the snapshots form one chain, each pointing at the one before (drizzle-kit refuses forks)', () => {
    const snapshots = fs
      .readdirSync(meta)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort();
    let previous = '00000000-0000-0000-0000-000000000000';
    for (const name of snapshots) {
      const snapshot = JSON.parse(fs.readFileSync(path.join(meta, name), 'utf8'));
      expect(snapshot.prevId, name).toBe(previous);
      previous = snapshot.id;
    }
  });
});
