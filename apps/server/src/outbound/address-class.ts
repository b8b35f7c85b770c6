import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What kind of destination an IP address is, for the outbound guard. Anything that is
 * not `public` is refused unless the operator allows private networks; `cloud-metadata`
 * stays refused even then (see outbound-policy.ts).
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'cloud-metadata';

/** Instance-metadata services, which hand out cloud credentials to whoever asks. */
const METADATA_ADDRESSES = [
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
  'fd00:ec2::254', // AWS over IPv6
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure wire server (a public address, so named explicitly)
].map((address) => ipaddr.parse(address));

const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const SITE_LOCAL_V6 = ipaddr.parseCIDR('fec0::/10');

const V4_RANGES: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'carrier-grade-nat',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

const V6_RANGES: Record<string, AddressClass> = {
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

/** Classifies a literal IPv4 or IPv6 address (as DNS returns it, no brackets). */
export function classifyAddress(address: string): AddressClass {
  if (net.isIP(address) === 0) throw new Error(`Not an IP address: ${address}`);
  return classify(ipaddr.parse(address));
}

function classify(ip: ipaddr.IPv4 | ipaddr.IPv6): AddressClass {
  if (METADATA_ADDRESSES.some((metadata) => metadata.kind() === ip.kind() && ip.match(metadata, ip.kind() === 'ipv4' ? 32 : 128))) {
    return 'cloud-metadata';
  }
  if (ip.kind() === 'ipv4') {
    // as112, amt, documentation, benchmarking and 240/4 are not places a workflow
    // should reach; ipaddr.js calls them by name, we call them reserved.
    return V4_RANGES[ip.range()] ?? 'reserved';
  }
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  const named = V6_RANGES[range];
  if (named) return named;
  // Forms that carry an IPv4 address reach that IPv4 host, so they are judged as it:
  // ::ffff:127.0.0.1 is loopback. NAT64 (64:ff9b::/96) is how IPv6-only hosts reach
  // the whole IPv4 internet, so its public addresses must stay reachable.
  if (range === 'ipv4Mapped') return classify(v6.toIPv4Address());
  if (range === 'rfc6145' || v6.match(NAT64_WELL_KNOWN)) return classify(lastFourBytes(v6));
  if (range === '6to4') return classify(new ipaddr.IPv4(v6.toByteArray().slice(2, 6)));
  // Site-local (fec0::/10) was the IPv6 private range before unique-local replaced it.
  if (v6.match(SITE_LOCAL_V6)) return 'private';
  // Global unicast is 2000::/3; the rest of the space (IPv4-compatible ::a.b.c.d,
  // discard, Teredo, documentation, local-use NAT64…) is special-purpose.
  if (range === 'unicast' && v6.match(GLOBAL_UNICAST_V6)) return 'public';
  return 'reserved';
}

function lastFourBytes(ip: ipaddr.IPv6): ipaddr.IPv4 {
  return new ipaddr.IPv4(ip.toByteArray().slice(12, 16));
}

/** How an error message names the class: "127.0.0.1 (loopback address)". */
export function describeAddressClass(kind: AddressClass): string {
  switch (kind) {
    case 'public':
      return 'public address';
    case 'loopback':
      return 'loopback address';
    case 'private':
      return 'private network address';
    case 'carrier-grade-nat':
      return 'carrier-grade NAT address';
    case 'link-local':
      return 'link-local address';
    case 'unique-local':
      return 'unique-local IPv6 address';
    case 'unspecified':
      return 'unspecified address';
    case 'multicast':
      return 'multicast address';
    case 'broadcast':
      return 'broadcast address';
    case 'reserved':
      return 'reserved special-purpose address';
    case 'cloud-metadata':
      return 'cloud metadata address';
  }
}
