import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/src/db/client';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Checks the builds the tests run (`npm run build`: the web app and the compiled server) and creates one
 * migrated PGlite data directory that each test's server starts from, a copy each: a new directory costs
 * initdb and every migration, which took 15–60 s per test on CI's loaded 2 cores.
 */
export default async function globalSetup() {
  for (const built of ['web/dist/index.html', 'server/dist/main.js'])
    if (!fs.existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run npm run build first`);
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-e2e-template-'));
  const handle = await openPglite(path.join(template, 'pgdata'));
  await handle.close();
  process.env.RELATE_E2E_TEMPLATE = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
