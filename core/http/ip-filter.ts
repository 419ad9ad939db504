/**
 * [processor] ip_whitelist (empty allows all) and ip_blacklist. Entries are addresses or IPv4 CIDR blocks;
 * IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) are compared as IPv4.
 */
import { isIPv4 } from 'node:net';

function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

function matches(ip: string, entry: string): boolean {
  const rule = normalise(entry.trim());
  const slash = rule.indexOf('/');
  if (slash < 0) return rule === ip;
  const base = rule.slice(0, slash);
  const bits = Number(rule.slice(slash + 1));
  if (!isIPv4(base) || !isIPv4(ip) || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (ipv4ToInt(ip) & mask) === (ipv4ToInt(base) & mask);
}

/** null when allowed, otherwise the reason. */
export function ipRefusal(rawIp: string, whitelist: readonly string[], blacklist: readonly string[]): string | null {
  const ip = normalise(rawIp);
  if (whitelist.length > 0 && !whitelist.some((entry) => matches(ip, entry))) return `ip ${ip} not in whitelist`;
  if (blacklist.some((entry) => matches(ip, entry))) return `ip ${ip} in blacklist`;
  return null;
}
