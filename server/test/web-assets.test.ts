import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from './test-app';

const ASSET = '/assets/app-3f9a1c.js';
let dist: string;
let t: TestApp;
let built: Buffer;

beforeAll(async () => {
  // A build as Vite + the precompress plugin leave it: hashed assets with .br/.gz copies.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const words = Array.from(
    { length: 4000 },
    (_, index) => `value${index % 37}_${randomBytes(1).toString('hex')}`,
  );
  built = Buffer.from(`export const words = ${JSON.stringify(words)};\n`);
  fs.writeFileSync(path.join(dist, ASSET), built);
  await precompressDir(dist);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web assets', () => {
  it('sends the brotli copy to a browser that accepts it, and it decompresses to the built file', async () => {
    const response = await get(ASSET, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(built.length / 2);
    expect(zlib.brotliDecompressSync(response.rawPayload).equals(built)).toBe(true);
  });

  it('sends gzip to a client without brotli, and the file itself to one without either', async () => {
    const gzipped = await get(ASSET, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).equals(built)).toBe(true);
    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(built)).toBe(true);
  });

  it('caches hashed assets for a year and never index.html', async () => {
    expect((await get(ASSET, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/contacts');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });
});
