import { describe, expect, it } from 'vitest';
import { addressMatcher } from './address-list';

describe('addressMatcher', () => {
  it('matches loopback in both families, IPv4 written as IPv6 included', () => {
    const allowed = addressMatcher(['loopback']);
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '::2', '::ffff:10.0.0.1', undefined, 'not-an-ip'].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('matches single addresses, CIDR ranges and the private ranges', () => {
    const allowed = addressMatcher(['10.0.0.5', '192.0.2.0/24', 'fd00::/8', 'linklocal']);
    expect(['10.0.0.5', '10.0.0.6', '192.0.2.77', 'fd00::1', '169.254.3.4', '8.8.8.8'].map(allowed)).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(addressMatcher(['uniquelocal'])('172.20.1.1')).toBe(true);
  });
});
