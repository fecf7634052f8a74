import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * How `npm start` runs the server (package.json's "start" script): the environment it sets before
 * `node` (`MALLOC_ARENA_MAX=2`) and the Node flags after it.
 */
function startCommand(): { env: Record<string, string>; flags: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const words = (manifest.scripts.start as string).split(/\s+/);
  const node = words.indexOf('node');
  return {
    env: Object.fromEntries(words.slice(0, node).map((word) => word.split('=') as [string, string])),
    flags: words.slice(node + 1).filter((word) => word.startsWith('--')),
  };
}

/**
 * Starts the server as its own process: `server/src/main.ts` under tsx, or with `compiled` the esbuild
 * bundle `npm start` runs (`server/dist/main.js`, built by the caller), with `npm start`'s Node flags
 * and environment; `nodeFlags` are added (a profiler's, say).
 */
export function startServerProcess(
  env: Record<string, string>,
  { compiled = false, nodeFlags = [] as string[] } = {},
): ServerProcess {
  const start = startCommand();
  const entry = compiled
    ? [...start.flags, ...nodeFlags, path.join(root, 'server/dist/main.js')]
    : [...nodeFlags, '--import', 'tsx', path.join(root, 'server/src/main.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      ...(compiled ? start.env : {}),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

export async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not become healthy`);
}
