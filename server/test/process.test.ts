import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process';

const started: ServerProcess[] = [];
afterEach(() => {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
});

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'relate-data-'));

describe('data directory lock', () => {
  it('refuses a directory held by a live process and takes over a stale lock', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'relate.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'relate.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'relate.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'relate.lock'))).toBe(false);
  });
});

describe('the server process', () => {
  it('loses no acknowledged write when stopped with SIGTERM mid-traffic, and a second process on the same DATA_DIR refuses to start', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()) };
    const first = startServerProcess(env);
    started.push(first);
    await waitForHealth(first.url);

    const second = startServerProcess({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another Relate process');

    const emails = Array.from({ length: 40 }, (_, index) => `writer-${index}@example.com`);
    const writes = emails.map(async (email, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 5));
      try {
        const response = await fetch(`${first.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'long-enough', full_name: 'Writer' }),
        });
        return response.status === 201 ? email : undefined;
      } catch {
        return undefined;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    first.child.kill('SIGTERM');
    const acknowledged = (await Promise.all(writes)).filter(Boolean) as string[];
    expect(await first.exited, first.output().slice(-2000)).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(0);

    const restarted = startServerProcess({ ...env, PORT: String(await freePort()) });
    started.push(restarted);
    await waitForHealth(restarted.url);
    for (const email of acknowledged) {
      const login = await fetch(`${restarted.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'long-enough' }),
      });
      expect(login.status, email).toBe(200);
    }
  }, 120_000);
});
