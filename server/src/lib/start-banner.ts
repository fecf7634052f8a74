import type { AddressInfo } from 'node:net';

/** The address the server really listens on, and a URL that reaches it (localhost for a wildcard host). */
function listeningAt(address: AddressInfo | string | null): { url: string; bound: string } {
  if (!address || typeof address === 'string') return { url: String(address), bound: String(address) };
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address);
  return { url: `http://${local ? 'localhost' : host}:${address.port}`, bound: `${host}:${address.port}` };
}

/**
 * What `npm start` prints once the server listens: where it is, and where links, OAuth redirects,
 * payment return addresses and calendar UIDs point — said plainly when PUBLIC_URL was not set.
 */
export function startBanner(
  config: { PUBLIC_URL: string; publicUrlDerived: boolean },
  address: AddressInfo | string | null,
  database: string,
): string[] {
  const { url, bound } = listeningAt(address);
  const lines = [`Relate is running at ${url} (listening on ${bound}; database: ${database})`];
  if (config.publicUrlDerived)
    lines.push(
      `PUBLIC_URL is not set: links in e-mails, OAuth redirects and calendar UIDs use ${config.PUBLIC_URL}. ` +
        'Set PUBLIC_URL to the address your users reach Relate at.',
    );
  if (bound.startsWith('127.') || bound.startsWith('[::1]'))
    lines.push('Only this machine can reach it; set HOST=0.0.0.0 to accept connections from the network.');
  return lines;
}
