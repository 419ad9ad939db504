/**
 * The address lists of the HTTP port, matched with node:net BlockList: [processor] ip_whitelist (empty allows all)
 * and ip_blacklist decide whether a client may be served; trust_proxy names the proxies whose X-Forwarded-For is
 * believed. Entries are IPv4 or IPv6 addresses or CIDR blocks; an IPv4-mapped IPv6 address (::ffff:1.2.3.4) matches
 * IPv4 entries.
 */
import { BlockList, isIPv4 } from 'node:net';
import { familyOf, IP_ENTRY_TEXT, parseIpEntry } from '../config/ip-entry.ts';
import { ConfigError } from '../errors.ts';

export interface IpListsOptions {
  readonly whitelist: readonly string[];
  readonly blacklist: readonly string[];
}

/** The client address → null when it may be served, otherwise the reason it may not. */
export type IpFilter = (ip: string | undefined) => string | null;

/** `::ffff:1.2.3.4` → `1.2.3.4`, so messages and logs show the address as the lists are usually written. */
export function displayAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

/** Entries → one BlockList; an entry that is not an address or CIDR block throws a ConfigError naming `key`. */
export function addressList(entries: readonly string[], key: string): BlockList {
  const list = new BlockList();
  entries.forEach((text, i) => {
    const entry = parseIpEntry(text);
    if (entry === null) {
      throw new ConfigError(`${key}[${i}] must be ${IP_ENTRY_TEXT}; found ${JSON.stringify(text)}`, { key: `${key}[${i}]`, expected: IP_ENTRY_TEXT, found: text });
    }
    if (entry.prefix === undefined) list.addAddress(entry.address, entry.family);
    else list.addSubnet(entry.address, entry.prefix, entry.family);
  });
  return list;
}

function contains(list: BlockList, ip: string): boolean {
  const family = familyOf(ip);
  return family !== null && list.check(ip, family);
}

export function createIpFilter(o: IpListsOptions): IpFilter {
  const whitelist = o.whitelist.length > 0 ? addressList(o.whitelist, 'processor.ip_whitelist') : null;
  const blacklist = o.blacklist.length > 0 ? addressList(o.blacklist, 'processor.ip_blacklist') : null;
  if (whitelist === null && blacklist === null) return () => null;
  return (raw) => {
    if (raw === undefined || familyOf(raw) === null) return `client address ${JSON.stringify((raw ?? 'unknown').slice(0, 64))} is not an IP address`;
    const ip = displayAddress(raw);
    if (whitelist !== null && !contains(whitelist, raw)) return `ip ${ip} not in whitelist`;
    if (blacklist !== null && contains(blacklist, raw)) return `ip ${ip} in blacklist`;
    return null;
  };
}

/**
 * [processor] trust_proxy → fastify's `trustProxy`: false for an empty list (the socket's peer is the client;
 * X-Forwarded-For is ignored), else a function trusting exactly the listed addresses. fastify walks from the peer
 * through X-Forwarded-For right to left and takes the first address this function does not trust, so a client
 * that is not a listed proxy cannot choose its address by sending the header.
 */
export function proxyTrust(entries: readonly string[]): false | ((address: string, hop: number) => boolean) {
  if (entries.length === 0) return false;
  const proxies = addressList(entries, 'processor.trust_proxy');
  return (address) => contains(proxies, address);
}
