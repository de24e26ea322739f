import type { CheerioAPI } from 'cheerio/slim';
import { jsonLdNodes } from './schema-org';

const DAY_MS = 86_400_000;
// Before the web existed a "modified" date is a placeholder (CMSs default to 1970-01-01).
const EARLIEST_YEAR = 1991;

/**
 * When the page last changed, as a W3C datetime for a sitemap `<lastmod>`: from
 * `article:modified_time`, `og:updated_time`, microdata `dateModified`, JSON-LD `dateModified`,
 * then the `Last-Modified` header (names lower-cased), the first valid one winning. Dates that do not
 * exist or lie more than a day ahead are skipped. Gives `YYYY-MM-DDThh:mm:ss+00:00` in UTC, or
 * `YYYY-MM-DD` when the source gave only a date; null when nothing says.
 */
export function pageModified(
  $: CheerioAPI,
  headers: Record<string, string>,
  now = Date.now(),
): string | null {
  const candidates = [
    ...metaContents($, 'article:modified_time'),
    ...metaContents($, 'og:updated_time'),
    ...microdataModified($),
    ...jsonLdModified($),
    headers['last-modified'],
  ];
  for (const candidate of candidates) {
    const date = candidate === undefined ? null : w3cDate(candidate, now);
    if (date) return date;
  }
  return null;
}

// Open Graph asks for property=, but many themes write name=; crawlers read both.
function metaContents($: CheerioAPI, key: string): string[] {
  return $('meta[property], meta[name]')
    .filter((_, el) => ($(el).attr('property') ?? $(el).attr('name') ?? '').trim().toLowerCase() === key)
    .map((_, el) => $(el).attr('content') ?? '')
    .get();
}

function microdataModified($: CheerioAPI): string[] {
  return $('[itemprop]')
    .filter((_, el) => ($(el).attr('itemprop') ?? '').split(/\s+/).includes('dateModified'))
    .map((_, el) => $(el).attr('content') ?? $(el).attr('datetime') ?? $(el).text())
    .get();
}

function jsonLdModified($: CheerioAPI): string[] {
  return jsonLdNodes($).flatMap((record) =>
    typeof record.dateModified === 'string' ? [record.dateModified] : [],
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const HTTP_DATE = /^[a-z]{3}, \d{2} [a-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/i;

function w3cDate(raw: string, now: number): string | null {
  const text = raw.trim();
  const dateOnly = ISO_DATE.exec(text);
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as number[];
    const time = exactUtc(year!, month!, day!, 0, 0, 0);
    return time !== null && plausible(time, now) ? text : null;
  }
  let time: number | null = null;
  const dateTime = ISO_DATE_TIME.exec(text);
  if (dateTime) {
    const [, year, month, day, hour, minute, second] = dateTime.slice(0, 7).map((part) => Number(part ?? 0));
    const local = exactUtc(year!, month!, day!, hour!, minute!, second!);
    // No offset is read as UTC rather than as this server's time zone, which the page never knew.
    time = local === null ? null : local - offsetMs(dateTime[7]);
  } else if (HTTP_DATE.test(text)) {
    const parsed = Date.parse(text);
    time = Number.isNaN(parsed) ? null : parsed;
  }
  if (time === null || !plausible(time, now)) return null;
  return `${new Date(time).toISOString().slice(0, 19)}+00:00`;
}

// Date.UTC rolls 2024-02-30 over into March; a date that does not come back unchanged does not exist.
function exactUtc(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(time);
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return same ? time : null;
}

function offsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return (zone.startsWith('-') ? -1 : 1) * minutes * 60_000;
}

const plausible = (time: number, now: number) =>
  new Date(time).getUTCFullYear() >= EARLIEST_YEAR && time <= now + DAY_MS;
