import test from 'ava';
import { embeddedV4, isInternalAddress, refusedAddress } from '../../../adapters/endpoint-connection/address-guard.ts';

/** Every notation of an internal address is internal; the same notations of a public address are not. */
const internal: { address: string; why: string }[] = [
  { address: '127.0.0.1', why: 'loopback' },
  { address: '10.1.2.3', why: 'private' },
  { address: '172.31.255.255', why: 'private' },
  { address: '192.168.0.1', why: 'private' },
  { address: '100.64.0.1', why: 'carrier-grade NAT' },
  { address: '169.254.169.254', why: 'cloud metadata' },
  { address: '0.0.0.0', why: 'this host' },
  { address: '255.255.255.255', why: 'broadcast' },
  { address: '224.0.0.1', why: 'multicast' },
  { address: '::', why: 'unspecified' },
  { address: '::1', why: 'loopback' },
  { address: '::ffff:127.0.0.1', why: 'IPv4-mapped loopback, dotted' },
  { address: '::ffff:7f00:1', why: 'IPv4-mapped loopback, as URL writes it' },
  { address: '0:0:0:0:0:ffff:127.0.0.1', why: 'IPv4-mapped loopback, written out' },
  { address: '::ffff:0.0.0.0', why: 'IPv4-mapped this host' },
  { address: '::ffff:169.254.169.254', why: 'IPv4-mapped cloud metadata' },
  { address: '::ffff:a9fe:a9fe', why: 'IPv4-mapped cloud metadata, hex' },
  { address: '::ffff:0:7f00:1', why: 'SIIT-translated loopback' },
  { address: '::127.0.0.1', why: 'IPv4-compatible loopback' },
  { address: '::a00:1', why: 'IPv4-compatible private' },
  { address: '64:ff9b::7f00:1', why: 'NAT64 of loopback' },
  { address: '64:ff9b::169.254.169.254', why: 'NAT64 of cloud metadata' },
  { address: '64:ff9b:1::808:808', why: 'local-use NAT64' },
  { address: '2002:7f00:1::', why: '6to4 of loopback' },
  { address: '2002:a9fe:a9fe::1', why: '6to4 of cloud metadata' },
  { address: '2001:0:4136:e378:8000:63bf:3fff:fdd2', why: 'Teredo' },
  { address: 'fd00:ec2::254', why: 'AWS metadata over IPv6' },
  { address: 'fc00::1', why: 'unique local' },
  { address: 'fe80::1', why: 'link-local' },
  { address: 'fe80::1%eth0', why: 'link-local with a zone' },
  { address: 'ff02::1', why: 'multicast' },
  { address: 'not-an-address', why: 'not an address at all' },
];

const external = [
  '8.8.8.8',
  '93.184.216.34',
  '172.32.0.1',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
];

for (const { address, why } of internal)
  test(`internal: ${address} (${why})`, (t) => {
    t.true(isInternalAddress(address));
    t.regex(refusedAddress(address) ?? '', /loopback, private, link-local or metadata address/);
  });

for (const address of external)
  test(`external: ${address}`, (t) => {
    t.false(isInternalAddress(address));
    t.is(refusedAddress(address), null);
  });

test('the IPv4 address each IPv6 form carries', (t) => {
  t.is(embeddedV4('::ffff:7f00:1'), '127.0.0.1');
  t.is(embeddedV4('::ffff:0:a9fe:a9fe'), '169.254.169.254');
  t.is(embeddedV4('::c0a8:1'), '192.168.0.1');
  t.is(embeddedV4('64:ff9b::c0a8:101'), '192.168.1.1');
  t.is(embeddedV4('2002:c0a8:101:5::1'), '192.168.1.1');
  t.is(embeddedV4('2606:4700:4700::1111'), null);
});
