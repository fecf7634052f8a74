import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from '@playwright/test';
import { createDatabase } from '../../server/test/databases';
import { type RunningFakeGoogle, startFakeGoogle } from '../../server/test/fakes/google/server';
import { deployEnvironment, NGINX, startNginx } from '../../server/test/nginx-process';
import { freePort, startServerProcess, waitForHealth } from '../../server/test/server-process';
import { test as base, expect } from './fixtures';

/**
 * Journeys through a load balancer (issue 37): two Relate processes (the compiled server, as `npm start`
 * runs it) on one PostgreSQL database and one Redis, behind nginx running deploy/'s configuration, and
 * the browser talking to nginx only. Each process gets the environment an operator's machine gives it
 * (deploy/relate.env.example and deploy/relate@.service), one DATA_DIR for both, as there.
 *
 * Which process served what is read from nginx, never asked of Relate: the test's nginx.conf (around the
 * rendered configuration, which stays as an operator renders it) adds the upstream's address to each
 * response (X-Upstream-Addr) and to an access log of its own.
 */
const UPSTREAM_HEADER = 'x-upstream-addr';

/** Why the balanced journeys cannot run here, or undefined when they can (.ci/run gives them all). */
const missing = !NGINX
  ? 'nginx is not installed (apt-get install -y nginx; .ci/run installs it)'
  : !process.env.TEST_DATABASE_URL || !process.env.RELATE_E2E_DATABASE_TEMPLATE
    ? 'they need a PostgreSQL server both processes share: set TEST_DATABASE_URL'
    : !process.env.TEST_REDIS_URL
      ? 'they need Redis with more than one process: set TEST_REDIS_URL'
      : undefined;
if (missing) console.warn(`The journeys through nginx (e2e/balanced) are skipped: ${missing}`);

interface Balanced {
  /** nginx's address: the browser's baseURL. */
  url: string;
  /** The database both processes share. */
  databaseUrl: string;
  /** Which process (0 or 1) nginx sent this request to. */
  servedBy: (response: Response) => number;
  /** nginx's access log so far: each request line with the process that answered it. */
  accessLog: () => { request: string; status: number; process: number }[];
  /** Each process's value of a counter from its own /metrics (0 where it has none), in process order. */
  counter: (name: string, labels: Record<string, string>) => Promise<number[]>;
}

interface BalancedFixtures {
  balanced: Balanced;
  /** A fake Google, which `relateEnv: async ({ google }, use) => use(google.env)` wires Relate to. */
  google: RunningFakeGoogle;
}

/** The Redis database of this worker: balanced journeys running at once count limits apart. */
function redisUrl(parallelIndex: number): string {
  const url = new URL(process.env.TEST_REDIS_URL as string);
  url.pathname = `/${1 + parallelIndex}`;
  return url.toString();
}

/** The index in `ports` of the last upstream in an $upstream_addr value ("a:1, b:2" after a retry). */
function processOf(upstream: string | undefined, ports: number[]): number {
  const last = upstream?.split(/[,:]\s*/).filter(Boolean);
  const port = Number(last?.[last.length - 1]);
  const index = ports.indexOf(port);
  if (index < 0) throw new Error(`nginx named no Relate process as the upstream: ${upstream ?? 'nothing'}`);
  return index;
}

/** `count` free ports, no two the same. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

export const test = base.extend<BalancedFixtures>({
  balanced: async ({ relateEnv, now }, use, testInfo) => {
    testInfo.skip(Boolean(missing), `The journeys through nginx are skipped: ${missing}`);
    testInfo.setTimeout(testInfo.timeout + 30_000); // two processes and nginx to start
    const [listen, ...ports] = await distinctFreePorts(3);
    const url = `http://127.0.0.1:${listen}`;
    const database = await createDatabase(
      process.env.TEST_DATABASE_URL as string,
      'relate_balanced',
      process.env.RELATE_E2E_DATABASE_TEMPLATE,
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-balanced-data-'));
    const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-balanced-nginx-'));
    const processes = ports.map((port) =>
      startServerProcess(
        {
          ...deployEnvironment(port),
          DATABASE_URL: database.url,
          // Two processes per journey and two journeys at once: less than the example's 10 each.
          DATABASE_POOL_SIZE: '4',
          REDIS_URL: redisUrl(testInfo.parallelIndex),
          DATA_DIR: dataDir,
          BACKUP_DIR: '',
          PUBLIC_URL: url,
          WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../web/dist'),
          LOG_LEVEL: 'warn',
          CLOCK_START: now,
          ...relateEnv,
        },
        { compiled: true },
      ),
    );
    const accessLog = path.join(nginxDir, 'upstream.log');
    let nginx: ReturnType<typeof startNginx> | undefined;
    try {
      await Promise.all(processes.map((relate) => waitForHealth(relate.url, 60_000))).catch((error) => {
        const outputs = processes.map((relate, index) => `relate-${index}:\n${relate.output()}`);
        throw new Error(`${(error as Error).message}\n${outputs.join('\n')}`);
      });
      nginx = startNginx(nginxDir, {
        listen: listen as number,
        ports,
        httpDirectives: [
          `  log_format upstream '$status $upstream_addr "$request"';`,
          `  access_log ${accessLog} upstream;`,
          `  add_header X-Upstream-Addr $upstream_addr always;`,
        ].join('\n'),
      });
      await waitForHealth(url, 10_000);
      const metricsToken = deployEnvironment(ports[0] as number).METRICS_TOKEN;
      await use({
        url,
        databaseUrl: database.url,
        servedBy: (response) => processOf(response.headers()[UPSTREAM_HEADER], ports),
        accessLog: () =>
          fs
            .readFileSync(accessLog, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => {
              const [, status, upstream, request] = /^(\d+) (.*?) "(.*)"$/.exec(line) ?? [];
              // nginx's own answers (a 413, say) name no upstream: process -1.
              const process = upstream === '-' ? -1 : processOf(upstream, ports);
              return { request: request ?? line, status: Number(status), process };
            }),
        counter: (name, labels) =>
          Promise.all(
            processes.map(async (relate) => {
              const metrics = await fetch(`${relate.url}/metrics`, {
                headers: { authorization: `Bearer ${metricsToken}` },
              });
              expect(metrics.status).toBe(200);
              const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
              const line = (await metrics.text())
                .split('\n')
                .find((each) => each.startsWith(`${name}{`) && wanted.every((pair) => each.includes(pair)));
              return Number(line?.split(' ').pop() ?? 0);
            }),
          ),
      });
    } finally {
      const stopped = nginx?.nginx;
      const nginxExited = new Promise((resolve) =>
        !stopped || stopped.exitCode !== null ? resolve(null) : stopped.once('exit', resolve),
      );
      stopped?.kill('SIGQUIT');
      for (const relate of processes) relate.child.kill('SIGTERM');
      await Promise.all([nginxExited, ...processes.map((relate) => relate.exited)]);
      await database.drop();
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [index, relate] of processes.entries())
          await testInfo.attach(`relate-${index}-logs`, { body: relate.output() });
        if (fs.existsSync(accessLog))
          await testInfo.attach('nginx-access-log', { body: fs.readFileSync(accessLog) });
        await testInfo.attach('nginx-output', { body: nginx?.output() ?? '' });
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(nginxDir, { recursive: true, force: true });
    }
  },
  relate: async ({ balanced }, use) => use({ url: balanced.url, dataDir: '' }),
  baseURL: async ({ balanced }, use) => use(balanced.url),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form
  google: async ({}, use) => {
    const google = await startFakeGoogle();
    await use(google);
    await google.close();
  },
});

export { expect };
