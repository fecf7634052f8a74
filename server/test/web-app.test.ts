import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

describe('the web app', () => {
  let distDir: string;
  let test: TestApp;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Relate</title>');
    fs.writeFileSync(path.join(distDir, '.source-fingerprint'), 'abc');
    fs.mkdirSync(path.join(distDir, 'assets'));
    for (let index = 0; index < 50; index++)
      fs.writeFileSync(path.join(distDir, 'assets', `chunk-${index}.js`), `export const n = ${index};`);
    test = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  });

  afterAll(async () => {
    await test.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("serves the app's pages with 200", async () => {
    for (const url of [
      '/',
      '/contacts',
      '/contacts/?contact=4',
      '/admin',
      '/auth/google/callback?code=x',
      '/companies/12',
    ]) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('serves the app (its 404 page) with status 404 for any other page path', async () => {
    for (const url of ['/companies/acme', '/companies/12/people'])
      expect((await test.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    const response = await test.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Relate</title>');
  });

  it('serves the files of the build through one route, not one per file (each costs the start time)', async () => {
    expect(test.app.hasRoute({ method: 'GET', url: '/assets/chunk-7.js' })).toBe(false);
    const response = await test.app.inject({ method: 'GET', url: '/assets/chunk-7.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('export const n = 7;');
    // The build's fingerprint (a dotfile) stays private.
    expect((await test.app.inject({ method: 'GET', url: '/.source-fingerprint' })).statusCode).toBe(404);
  });

  it('answers unknown API paths and missing files with the JSON 404', async () => {
    for (const url of ['/api/no-such-thing', '/assets/missing.js']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
