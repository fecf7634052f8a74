import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { createDatabase } from './databases';

/**
 * The tests' PostgreSQL server: TEST_DATABASE_URL's, else an embedded one of their own in a temporary
 * directory. One migrated database is made for the whole run: each test file's database is a copy of it
 * (CREATE DATABASE ... TEMPLATE), instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  const server = await testServer();
  const template = await createDatabase(server.url, 'relate_template');
  // A template must have no connections when it is copied: the pool is closed before any test starts.
  const handle = await openPostgres(template.url, 1);
  await handle.close();
  project.provide('postgresAdminUrl', server.url);
  project.provide('postgresTemplate', template.name);
  return async () => {
    await template.drop();
    await server.stop();
  };
}

async function testServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { url: external, stop: async () => {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-test-postgres-'));
  const embedded = await startEmbeddedPostgres({ dataDir, maxConnections: 100, log: () => {} });
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
