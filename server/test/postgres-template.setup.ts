import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';

/**
 * Creates and migrates one PostgreSQL database for the whole run: each test file's database is a copy of
 * it (CREATE DATABASE ... TEMPLATE), instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = `relate_test_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A template must have no connections when it is copied: the pool is closed before any test starts.
  const handle = await openPostgres(url.toString(), 1);
  await handle.close();
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
