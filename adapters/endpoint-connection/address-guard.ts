import { BlockList, isIP } from 'node:net';

/** IPv4 ranges a product endpoint may not resolve to: this host, private networks, link-local (cloud metadata). */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 ranges refused as such; forms that carry an IPv4 address are judged by that address (see `embeddedV4`). */
const BLOCKED_V6: readonly [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a tunnel to an IPv4 address
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254 included)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of BLOCKED_V4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of BLOCKED_V6) blocked.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a zone index dropped, a trailing dotted quad read as two groups). */
function groupsOf(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const quad = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
const zero = (groups: number[]) => groups.every((group) => group === 0);

/**
 * The IPv4 address an IPv6 address stands for, whatever the form: IPv4-mapped (::ffff:0:0/96), IPv4-compatible
 * (::/96), SIIT (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16); null when it carries none.
 */
export function embeddedV4(address: string): string | null {
  const g = groupsOf(address);
  if (zero(g.slice(0, 5)) && g[5] === 0xffff) return dotted(g[6], g[7]);
  if (zero(g.slice(0, 6))) return dotted(g[6], g[7]);
  if (zero(g.slice(0, 4)) && g[4] === 0xffff && g[5] === 0) return dotted(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(g.slice(2, 6))) return dotted(g[6], g[7]);
  if (g[0] === 0x2002) return dotted(g[1], g[2]);
  return null;
}

/** Whether an address (v4 or v6, in any notation) is loopback, private, link-local, metadata or otherwise internal. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const bare = address.replace(/%.*$/, '');
  const v4 = embeddedV4(bare);
  if (v4 !== null && blocked.check(v4, 'ipv4')) return true;
  return blocked.check(bare, 'ipv6');
}

/** Why an address may not be called (loopback, private, link-local or metadata), or null when it may. */
export function refusedAddress(address: string): string | null {
  return isInternalAddress(address)
    ? `the endpoint resolves to ${address}, a loopback, private, link-local or metadata address; ` +
        'set ENDPOINT_ALLOW_PRIVATE_NETWORKS=true to allow it'
    : null;
}
