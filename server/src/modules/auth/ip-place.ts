import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import maxmind, { Reader, type CityResponse } from 'maxmind';
import { LOCALES, type Locale } from '../../../../src/api/contract/envelope';
import type { Place } from '../../../../src/api/contract/security';
import type { LocalizedTexts } from '../../db/schema';
import { inReaderLanguage } from '../../i18n';

/**
 * The place of a client address (the sessions list, the sign-in history), from a local MaxMind DB
 * file (GEOIP_DATABASE: GeoLite2 or GeoIP2 City or Country, DB-IP's own files, or ip-location-db's
 * flat ones). Nothing leaves the server: without a file there is simply no place.
 */

/** Where an address is: its country's ISO 3166 code and, when known, its city's names per language. */
export interface IpPlace {
  country: string;
  city: LocalizedTexts | null;
}

/** An address to its place; null for a private or unknown address, or without a database. */
export type PlaceOf = (ip: string) => IpPlace | null;

declare module 'fastify' {
  interface FastifyInstance {
    placeOf: PlaceOf;
  }
}

/**
 * The fields read from a record: MaxMind's layout (also DB-IP's) nests the country's code and the
 * city's names; ip-location-db's files have a flat `country_code` and an English `city`.
 */
interface PlaceRecord {
  country?: { iso_code?: string };
  country_code?: string;
  city?: { names?: Record<string, string> } | string;
}

/** The addresses that never reach a database: they are not anyone's place on the internet. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an address is public: not private, loopback, link-local or shared (IPv4-mapped IPv6 included). */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** An IPv4 client of a dual-stack socket ('::ffff:81.2.69.142') as its IPv4 address. */
const unmapped = (ip: string): string => {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  return v4 && isIP(v4) === 4 ? v4 : ip;
};

/** The place of a database record: its country code and the city's names in the platform's languages. */
function placeOfRecord(record: PlaceRecord | null): IpPlace | null {
  const country = (record?.country?.iso_code ?? record?.country_code)?.toUpperCase();
  if (!record || !country || !/^[A-Z]{2}$/.test(country)) return null;
  const names = typeof record.city === 'string' ? { en: record.city } : (record.city?.names ?? {});
  const city = Object.fromEntries(LOCALES.flatMap((locale) => (names[locale]?.trim() ? [[locale, names[locale]]] : [])));
  return { country, city: Object.keys(city).length ? city : null };
}

/** The lookup over the database file, opened once (no file: every address is unknown). */
export async function openPlaces(file: string | undefined): Promise<PlaceOf> {
  if (!file) return () => null;
  const reader = await maxmind.open<CityResponse>(file);
  const ipv4Only = reader.metadata.ipVersion === 4;
  return (ip) => {
    const address = unmapped(ip);
    if (!isPublicAddress(address)) return null;
    // An IPv4-only file would read an IPv6 address's first 32 bits as an IPv4 one: a wrong place.
    if (ipv4Only && isIP(address) === 6) return null;
    try {
      return placeOfRecord(reader.get(address) as PlaceRecord | null);
    } catch {
      // A place is a courtesy: a file damaged past its metadata never makes a sign-in fail.
      return null;
    }
  };
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Why the file cannot serve as GEOIP_DATABASE (undefined when it can), checked before the server
 * starts so that a wrong path stops the start with a clear line instead of failing at a sign-in.
 */
export function placeDatabaseProblem(file: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `GEOIP_DATABASE=${file} does not exist` : `GEOIP_DATABASE=${file} cannot be read (${code ?? String(error)})`;
  }
  if (GZIP_MAGIC.every((byte, i) => bytes[i] === byte)) {
    return `GEOIP_DATABASE=${file} is compressed: unpack the .mmdb file from the download and name that`;
  }
  try {
    new Reader(bytes);
    return undefined;
  } catch (error) {
    return `GEOIP_DATABASE=${file} is not a MaxMind DB file (.mmdb such as GeoLite2-City.mmdb): ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** A place as the place columns store it (sessions, sign_in_events). */
export const placeColumns = (place: IpPlace | null) => ({
  place_country: place?.country ?? null,
  place_city: place?.city ? JSON.stringify(place.city) : null,
});

/** A stored place as the API gives it: the city in the reader's language, else in English. */
export const placeItem = (country: string | null, city: LocalizedTexts | null, locale: Locale): Place | null =>
  country ? { country, city: inReaderLanguage(city, locale) } : null;

/** `app.placeOf`, over config.geoipDatabase. */
export const ipPlacePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('placeOf', await openPlaces(app.config.geoipDatabase));
});
