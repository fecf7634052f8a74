import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RelateServer {
  url: string;
  dataDir: string;
}

async function startRelate(): Promise<{ server: RelateServer; child: ChildProcess; logs: () => string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  child.stdout?.on('data', (chunk) => (logs += chunk));
  child.stderr?.on('data', (chunk) => (logs += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Relate exited at start:\n${logs}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { server: { url, dataDir }, child, logs: () => logs };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`Relate did not start in time:\n${logs}`);
}

/** `relate`: a fresh Relate (built web app + PGlite in a temporary DATA_DIR) for each test. */
export const test = base.extend<{ relate: RelateServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form
  relate: async ({}, use, testInfo) => {
    const { server, child, logs } = await startRelate();
    await use(server);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server-logs', { body: logs() });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ relate }, use) => use(relate.url),
});

export { expect };

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

export const account = (name: string): Account => ({
  email: `${name.toLowerCase()}@example.com`,
  password: `${name}-password-123`,
  fullName: `${name} Example`,
});

/** Fills and submits the sign-up form on /auth. */
export async function signUp(page: Page, who: Account) {
  await page.goto('/auth');
  await page
    .getByRole('button', { name: /sign up/i })
    .first()
    .click();
  await page.getByLabel('Full Name').fill(who.fullName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

export async function signIn(page: Page, who: Account) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
