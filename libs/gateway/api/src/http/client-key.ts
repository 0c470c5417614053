import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client's limits are counted under: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * household or phone gets a whole /64 and can rotate through it freely, so a limit per address would limit nothing).
 * An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.replace(/%.*$/, ''));
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (lower case, no leading zeros), `::` and an IPv4 tail expanded. */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}
