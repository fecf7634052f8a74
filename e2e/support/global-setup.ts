import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, openPostgres } from '../../server/src/db/client';
import { createDatabase } from '../../server/test/databases';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Checks the builds the tests run (`npm run build`: the web app and the compiled server) and creates one
 * migrated database that each test's server starts from, a copy each (a new one costs initdb and every
 * migration): with TEST_DATABASE_URL, a template database on that PostgreSQL server
 * (RELATE_E2E_DATABASE_TEMPLATE); without, a DATA_DIR holding the embedded PostgreSQL server's cluster
 * (RELATE_E2E_TEMPLATE), which the process tests (server/test/embedded-postgres.test.ts) cover too.
 */
export default async function globalSetup() {
  for (const built of ['web/dist/index.html', 'server/dist/main.js'])
    if (!fs.existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run npm run build first`);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createDatabase(adminUrl, 'relate_e2e_template');
    const handle = await openPostgres(template.url, 1);
    await handle.close();
    process.env.RELATE_E2E_DATABASE_TEMPLATE = template.name;
    return () => template.drop();
  }
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-e2e-template-'));
  const handle = await openDatabase({ dataDir: template, poolSize: 1 });
  await handle.close();
  process.env.RELATE_E2E_TEMPLATE = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
