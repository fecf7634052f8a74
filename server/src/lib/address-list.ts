import net from 'node:net';

/** The named ranges of proxy-addr (Fastify's trustProxy), which METRICS_ALLOW takes too. */
const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

const family = (address: string) => (net.isIPv6(address) ? 'ipv6' : 'ipv4');

/**
 * Whether an address is in a list of addresses, CIDR ranges and named ranges (config.ts checked each
 * entry); an IPv4 address written as IPv6 (`::ffff:127.0.0.1`, a dual-stack socket's) is matched as IPv4.
 */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    for (const [base, bits, type] of NAMED[entry] ?? []) list.addSubnet(base, bits, type);
    if (NAMED[entry]) continue;
    if (prefix === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(prefix), family(address));
  }
  return (address) => {
    if (!address || !net.isIP(address)) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    return mapped ? list.check(mapped, 'ipv4') : list.check(address, family(address));
  };
}
