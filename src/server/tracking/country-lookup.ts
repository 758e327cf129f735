import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';

/**
 * The country of a client address, from the GeoLite2 country database that an npm package ships
 * (`@ip-location-db/geolite2-country-mmdb`, one file for IPv4 and IPv6). The file is read once when the
 * server starts and looked up in memory: no lookup ever goes to the network, and one costs microseconds,
 * so the find-match path can ask it on every paid search.
 */
export interface CountryLookup {
  /** ISO 3166-1 alpha-2 code (e.g. 'US'), or null for a private, loopback or unknown address. */
  countryOf(ip: string | null | undefined): string | null;
}

const MMDB_FILE = '@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb';

/** Addresses that belong to no country: a database answer for them would only be noise. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** `::ffff:8.8.8.8` (an IPv4 client on a dual-stack socket) is looked up as 8.8.8.8. */
export function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

const ISO_CODE = /^[A-Z]{2}$/;

export function openCountryLookup(file = createRequire(import.meta.url).resolve(MMDB_FILE)): CountryLookup {
  // The package's records are { country_code }, not MaxMind's own nested shape that the types describe.
  const reader = new Reader<Response>(readFileSync(file));
  return {
    countryOf(ip) {
      if (!ip) return null;
      const address = plainAddress(ip);
      const family = isIP(address);
      if (family === 0) return null;
      if (NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
      const record = reader.get(address) as { country_code?: unknown } | null;
      const code = typeof record?.country_code === 'string' ? record.country_code.toUpperCase() : null;
      return code && ISO_CODE.test(code) ? code : null;
    },
  };
}
