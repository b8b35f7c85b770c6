import { describe, expect, it } from 'vitest';
import { type AddressClass, classifyAddress } from './address-class.js';
import { isAllowedHost, isAllowedHostAndPort, isRefused, parseAllowedHosts } from './outbound-policy.js';

const TABLE: [string, AddressClass][] = [
  // IPv4
  ['8.8.8.8', 'public'],
  ['93.184.216.34', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', 'public'],
  ['192.168.1.20', 'private'],
  ['100.64.0.1', 'carrier-grade-nat'],
  ['100.127.255.255', 'carrier-grade-nat'],
  ['100.128.0.1', 'public'],
  ['169.254.1.1', 'link-local'],
  ['169.254.169.254', 'cloud-metadata'],
  ['100.100.100.200', 'cloud-metadata'],
  ['168.63.129.16', 'cloud-metadata'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  // IPv6
  ['2606:4700:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['fd00:ec2::254', 'cloud-metadata'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['100::1', 'reserved'],
  // IPv6 forms that carry an IPv4 address are judged by that address.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'cloud-metadata'],
  ['::ffff:8.8.8.8', 'public'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::808:808', 'public'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  // IPv4-compatible (deprecated) and Teredo are not global unicast. (ipaddr.js reads the
  // dotted form ::127.0.0.1 as IPv4-mapped, which is refused as loopback all the same.)
  ['::7f00:1', 'reserved'],
  ['::127.0.0.1', 'loopback'],
  ['2001::1', 'reserved'],
];

describe('classifyAddress', () => {
  it.each(TABLE)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('refuses what is not an IP address', () => {
    expect(() => classifyAddress('localhost')).toThrow('Not an IP address: localhost');
    expect(() => classifyAddress('2130706433')).toThrow('Not an IP address');
  });
});

describe('isRefused', () => {
  it('refuses everything but public addresses by default', () => {
    for (const [, kind] of TABLE) expect(isRefused(kind, { allowPrivateNetwork: false })).toBe(kind !== 'public');
  });

  it('with private networks allowed, refuses only cloud metadata', () => {
    for (const [, kind] of TABLE) expect(isRefused(kind, { allowPrivateNetwork: true })).toBe(kind === 'cloud-metadata');
  });
});

describe('allowed private hosts', () => {
  const allowed = parseAllowedHosts(['Ollama.LAN:11434', '192.168.1.20', 'fd00::5', '[fd00::6]:8080']);

  it.each([
    ['http://ollama.lan:11434/api', true],
    ['http://ollama.lan/api', false],
    ['http://192.168.1.20:9999/', true],
    ['https://192.168.1.20/', true],
    ['http://[fd00:0::5]:1/', true],
    ['http://[fd00::6]:8080/', true],
    ['http://[fd00::6]/', false],
    ['http://192.168.1.21/', false],
  ])('%s → %s', (url, expected) => {
    expect(isAllowedHost(new URL(url), allowed)).toBe(expected);
  });

  it.each([
    ['OLLAMA.lan', 11434, true],
    ['ollama.lan', 25, false],
    ['192.168.1.20', 587, true],
    ['fd00:0::5', 25, true],
    ['[fd00::6]', 8080, true],
    ['fd00::6', 25, false],
  ] as const)('SMTP host %s port %s → %s', (host, port, expected) => {
    expect(isAllowedHostAndPort(host, port, allowed)).toBe(expected);
  });

  it.each(['http://ollama.lan', 'ollama.lan/path', 'user@host', 'host:99999x', ''])('refuses the entry "%s"', (entry) => {
    expect(() => parseAllowedHosts([entry])).toThrow(/is not a host or host:port/);
  });
});
