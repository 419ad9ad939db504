/**
 * One entry of an address list in the configuration ([processor] ip_whitelist, ip_blacklist, trust_proxy) read
 * as a pure function: an IPv4 or IPv6 address, or a CIDR block of either (`10.0.0.0/8`, `2001:db8::/32`), with
 * the surrounding spaces ignored; anything else is null.
 */
import { isIP } from 'node:net';

export type IpFamily = 'ipv4' | 'ipv6';

export interface IpEntry {
  readonly address: string;
  readonly family: IpFamily;
  /** the prefix length of a CIDR block; absent for a single address */
  readonly prefix?: number;
}

/** What an entry must be, as validation messages say it. */
export const IP_ENTRY_TEXT = 'an IP address or CIDR block (e.g. 192.168.1.10, 10.0.0.0/8, ::1, 2001:db8::/32)';

export function familyOf(address: string): IpFamily | null {
  const version = isIP(address);
  if (version === 4) return 'ipv4';
  if (version === 6 && !address.includes('%')) return 'ipv6';
  return null;
}

export function parseIpEntry(text: string): IpEntry | null {
  const entry = text.trim();
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const family = familyOf(address);
  if (family === null) return null;
  if (slash < 0) return { address, family };
  const bits = entry.slice(slash + 1);
  const prefix = Number(bits);
  const widest = family === 'ipv4' ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || prefix > widest) return null;
  return { address, family, prefix };
}

export function isIpEntry(text: string): boolean {
  return parseIpEntry(text) !== null;
}
