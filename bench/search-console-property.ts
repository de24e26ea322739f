// A generated Search Console property for `npm run bench -- search-console`, and, run as a script,
// the Google-shaped server serving it in a process of its own (so its work is not counted as the
// import's): `node --import tsx bench/search-console-property.ts <rows a day> <first day> <last day>` prints
// one JSON line {url, key} once it listens.

import { pathToFileURL } from 'node:url';
import { type GoogleSearchRow, startGoogleServer } from '@sitelens/server/src/test/google-server';

export const BENCH_DOMAIN = 'search-bench.example';
export const BENCH_PROPERTY = `sc-domain:${BENCH_DOMAIN}`;

/** Distinct queries the property is searched for over its 16 months; a day reaches a skewed few of them. */
const QUERY_POOL = 200_000;
const PAGES = 1_000;
const DEVICES = ['DESKTOP', 'MOBILE', 'TABLET'] as const;
const COUNTRIES = [
  'gbr',
  'usa',
  'deu',
  'fra',
  'esp',
  'ita',
  'nld',
  'bel',
  'irl',
  'can',
  'aus',
  'nzl',
  'ind',
  'bra',
  'mex',
  'jpn',
  'pol',
];
const WORDS = [
  'harbour',
  'books',
  'maps',
  'rare',
  'second-hand',
  'prints',
  'atlas',
  'charts',
  'sea',
  'old',
  'buy',
  'price',
];

/** A 32-bit hash of two integers (xorshift-multiply), uniform enough for a workload. */
function hash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4_294_967_296;
}

const queryText = (index: number) =>
  `${WORDS[index % WORDS.length]} ${WORDS[Math.floor(index / WORDS.length) % WORDS.length]} ${index}`;

/**
 * `rowsPerDay` rows of the finest grain a day, each (page, device, country) once, so none merge;
 * queries drawn with a long tail (a few common, most rare), 1 % of them anonymized.
 */
export function generatedRows(
  rowsPerDay: number,
  firstDay = '0000-00-00',
): (siteUrl: string, date: string) => GoogleSearchRow[] {
  return (siteUrl, date) => {
    if (siteUrl !== BENCH_PROPERTY || date < firstDay) return [];
    const day = Number(date.replace(/-/g, ''));
    const rows: GoogleSearchRow[] = new Array(rowsPerDay);
    for (let i = 0; i < rowsPerDay; i += 1) {
      const u = hash(day, i);
      const impressions = 1 + Math.floor(hash(i, day) * 40);
      rows[i] = {
        date,
        query: u < 0.01 ? null : queryText(Math.floor(QUERY_POOL * u ** 4)),
        page: `https://${BENCH_DOMAIN}/p/${i % PAGES}`,
        device: DEVICES[Math.floor(i / PAGES) % 3]!,
        country: COUNTRIES[Math.floor(i / (PAGES * 3)) % COUNTRIES.length]!,
        clicks: Math.floor(impressions * u * 0.3),
        impressions,
        position: 1 + Math.floor(u * 60),
      };
    }
    return rows;
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [rowsPerDay, firstDay, lastDay] = process.argv.slice(2);
  const google = await startGoogleServer({
    properties: [{ siteUrl: BENCH_PROPERTY }],
    rows: generatedRows(Number(rowsPerDay), firstDay),
    lastDay,
  });
  console.log(JSON.stringify({ url: google.url, key: google.serviceAccountKey }));
}
