import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { createPostgresDatabase } from './test-database';

/**
 * Creates and migrates one PostgreSQL database for the whole run: each test file's database is a copy of
 * it (CREATE DATABASE ... TEMPLATE), instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) return;
  const { url, drop } = await createPostgresDatabase();
  // A template must have no connections when it is copied: the pool is closed before any test starts.
  const handle = await openPostgres(url, 1);
  await handle.close();
  project.provide('postgresTemplate', new URL(url).pathname.slice(1));
  return drop;
}
