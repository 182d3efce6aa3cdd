import { isIP } from 'node:net';

/** IPv4 ranges a product endpoint may not resolve to: this host, private networks, link-local (cloud metadata). */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4Number = (address: string): number => address.split('.').reduce((value, part) => value * 256 + Number(part), 0);

function blockedV4(address: string): boolean {
  const value = v4Number(address);
  return BLOCKED_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base);
    return value >= start && value < start + size;
  });
}

function blockedV6(address: string): boolean {
  const lower = address.toLowerCase();
  const mapped = lower.match(/^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return blockedV4(mapped[1]);
  if (lower === '::' || lower === '::1') return true;
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    lower.startsWith('fd00:ec2::') // AWS metadata over IPv6 (inside fc00::/7 already)
  );
}

/** Why an address may not be called (loopback, private, link-local or metadata), or null when it may. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  const blocked = family === 4 ? blockedV4(address) : family === 6 ? blockedV6(address) : true;
  return blocked
    ? `the endpoint resolves to ${address}, a loopback, private, link-local or metadata address; ` +
        'set ENDPOINT_ALLOW_PRIVATE_NETWORKS=true to allow it'
    : null;
}
