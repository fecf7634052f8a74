/**
 * Relate behind Debian's nginx, as deploy/ runs it (issue 37): the environment deploy/relate.env.example
 * and deploy/relate@.service give each process, and an nginx of its own running the configuration
 * deploy/render-nginx.mjs renders. Used by server/test/nginx.test.ts and the balanced journeys
 * (e2e/support/balanced.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { renderNginx } from '../../deploy/render-nginx.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** nginx's binary, or undefined where nginx is not installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((file) =>
  fs.existsSync(file),
);

/** KEY=VALUE lines of an environment file, as systemd's EnvironmentFile reads them. */
export function readEnvFile(file: string): Record<string, string> {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const entries = lines
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(entries);
}

/** The unit's directives by name (every value of a repeated one). */
export function readUnit(file: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^(\w+)=(.*)$/.exec(line.trim());
    if (match) directives.set(match[1], [...(directives.get(match[1]) ?? []), match[2]]);
  }
  return directives;
}

/** The environment relate@<instance> gives its process: its Environment= lines with %i filled in. */
export function unitEnvironment(unit: Map<string, string[]>, instance: string): Record<string, string> {
  const pairs = (unit.get('Environment') ?? []).map((entry) => entry.replaceAll('%i', instance).split('='));
  return Object.fromEntries(pairs);
}

/**
 * The environment of the instance on `port` as an operator's machine gives it: deploy/relate.env.example
 * (as /etc/relate/relate.env) and deploy/relate@.service's Environment= lines.
 */
export function deployEnvironment(port: number): Record<string, string> {
  const env = readEnvFile(path.join(root, 'deploy/relate.env.example'));
  const unit = readUnit(path.join(root, 'deploy/relate@.service'));
  return { ...env, ...unitEnvironment(unit, String(port)) };
}

/**
 * An nginx whose only server is `relateConf`, in `dir`, not daemonised: its main configuration file.
 * `httpDirectives` go into the `http` block before the server (a test's log format, say).
 */
export function nginxConfig(dir: string, relateConf: string, httpDirectives = ''): string {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, temp), { mode: 0o777 });
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'relate.conf'), relateConf);
  const main = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # As Debian's nginx.conf (and more): Relate's server block must turn it off.
  gzip on;
  gzip_types application/json text/plain;
${httpDirectives}
  include ${dir}/relate.conf;
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
  return path.join(dir, 'nginx.conf');
}

/**
 * Renders deploy/'s configuration with the operator's command (docs/operations.md) for nginx on
 * `listen` in front of `ports`, checks it with `nginx -t` and starts nginx in `dir`. Throws when the
 * rendering or the check fails, or nginx is not installed.
 */
export function startNginx(
  dir: string,
  { listen, ports, httpDirectives }: { listen: number; ports: number[]; httpDirectives?: string },
): { nginx: ChildProcess; rendered: string; output: () => string } {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install -y nginx; .ci/run installs it)');
  const rendered = spawnSync(
    process.execPath,
    ['deploy/render-nginx.mjs', '--listen', `127.0.0.1:${listen}`, '--ports', ports.join(',')],
    { cwd: root, encoding: 'utf8' },
  );
  if (rendered.status !== 0) throw new Error(`deploy/render-nginx.mjs failed: ${rendered.stderr}`);
  if (rendered.stdout !== renderNginx({ listen: `127.0.0.1:${listen}`, ports }))
    throw new Error('deploy/render-nginx.mjs printed another configuration than renderNginx()');
  const conf = nginxConfig(dir, rendered.stdout, httpDirectives);
  const checked = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t refused the configuration:\n${checked.stderr}`);
  const nginx = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  nginx.stdout?.on('data', (chunk) => (output += chunk));
  nginx.stderr?.on('data', (chunk) => (output += chunk));
  return { nginx, rendered: rendered.stdout, output: () => output };
}
