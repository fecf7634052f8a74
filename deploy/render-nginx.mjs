#!/usr/bin/env node
/**
 * Writes deploy/relate.nginx.conf.template with this installation's values to stdout:
 *
 *   node deploy/render-nginx.mjs --listen 80 --ports 3001,3002 [--server-name relate.example.com]
 *     [--host 127.0.0.1] [--max-fails 2] [--fail-timeout 5s]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'relate.nginx.conf.template');

/** The configuration text for these options (ports: the Relate instances, e.g. [3001, 3002]). */
export function renderNginx({
  listen = '80',
  ports,
  host = '127.0.0.1',
  serverName = '_',
  maxFails = 2,
  failTimeout = '5s',
}) {
  if (!ports?.length) throw new Error('--ports: the port of at least one Relate instance is needed');
  const servers = ports.map(
    (port) => `    server ${host}:${port} max_fails=${maxFails} fail_timeout=${failTimeout};`,
  );
  const values = { listen: String(listen), server_name: serverName, upstream_servers: servers.join('\n') };
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replace(/\{\{(\w+)\}\}/g, (whole, name) => (name in values ? values[name] : whole));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      listen: { type: 'string', default: '80' },
      ports: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'server-name': { type: 'string', default: '_' },
      'max-fails': { type: 'string', default: '2' },
      'fail-timeout': { type: 'string', default: '5s' },
    },
  });
  const ports = (values.ports ?? '').split(',').filter(Boolean).map(Number);
  if (ports.length === 0 || ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
    console.error('Usage: node deploy/render-nginx.mjs --listen 80 --ports 3001,3002 [--server-name NAME]');
    process.exit(2);
  }
  process.stdout.write(
    renderNginx({
      listen: values.listen,
      ports,
      host: values.host,
      serverName: values['server-name'],
      maxFails: Number(values['max-fails']),
      failTimeout: values['fail-timeout'],
    }),
  );
}
