import { isIPv6 } from 'node:net';

/**
 * The address a bound on anonymous requests counts (sign-in throttling, visitors' reports and
 * beacons): an IPv6 address by its /64, the block one subscriber line or server gets, so that one
 * client cannot take a fresh key for every request; an IPv4 address (mapped into IPv6 or not) as
 * it is.
 */
export function addressBlock(address: string): string {
  if (!isIPv6(address) || /^::ffff:\d/i.test(address)) return address.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const zeros = address.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
