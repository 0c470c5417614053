import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a sign-in limit counts a client by: an IPv4 address as it is, an IPv6 address by its /64 (one
 * home or one server is given a whole /64 and can rotate through it at will), an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) as its IPv4 address. The address is express's `req.ip`, which honours `trust proxy`
 * (setup.ts: loopback, link-local and unique-local proxies), so behind the ingress it is the visitor's own.
 */
export function clientNetwork(address: string): string {
  const bare = address.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names an interface, not a network
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing dotted IPv4 part expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
