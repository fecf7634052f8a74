import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { App } from '../server/src/app';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Throughput {
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p97_5Ms: number;
  non2xx: number;
}

/**
 * Requests per second of `path` at `connections` concurrent clients for `seconds`, by autocannon in a
 * process of its own against the app listening on loopback (the server gets its one event loop).
 */
export async function loadTest(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  { connections = 10, seconds = 5 } = {},
): Promise<Throughput> {
  const args = [autocannonBin, '-j', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(`${baseUrl}${path}`);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`autocannon: ${stderr}`))));
  });
  const result = JSON.parse(output);
  return {
    url: path,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    non2xx: result.non2xx + result.errors,
  };
}

/** Starts listening on a free loopback port (app.close() stops it); answers the base URL. */
export function listenOnLoopback(app: App): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}
