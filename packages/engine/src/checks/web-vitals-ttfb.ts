import type { PageArtifact } from '../artifacts';
import { defineCheck, failed, passed, seconds, warning } from './define-check';

/** Defaults an operator may tune, in milliseconds (web.dev: good ≤ 0.8 s, poor > 1.8 s). */
export const thresholds = { good: 800, poor: 1800 };

const messages = {
  good: 'The first byte arrived after {time}, within the {good} s target.',
  slow: 'The first byte arrived after {time}; aim for {good} s or less.',
  poor: 'The first byte arrived after {time}, over the {poor} s limit; every other metric waits for it.',
  estimated: ' (Measured from the full response, the first byte was not timed separately.)',
  busy: ' (Measured {measured}, of which {busy} this machine was busy with its own work: not counted.)',
};

/**
 * The site's share of the wait for the first byte: the measured wait less the time this machine's
 * own work held the answer back (`busy`), so a busy crawler or embedded database is not reported
 * as a slow site. The full response time stands in when the first byte was not timed.
 */
export function siteFirstByte(timings: PageArtifact['timings']): number {
  return Math.max(0, (timings.firstByte ?? timings.total) - (timings.busy ?? 0));
}

const ms = (value: number | undefined) => (value === undefined ? null : Math.round(value));
/** Fast answers in milliseconds ("12 ms", not "0.01 s"); the rest in seconds. */
const duration = (value: number) => (value < 100 ? `${Math.round(value)} ms` : `${seconds(value)} s`);
const band = (time: number) => (time > thresholds.poor ? 'poor' : time > thresholds.good ? 'slow' : 'good');
const VERDICTS = { poor: failed, slow: warning, good: passed } as const;

export const webVitalsTtfb = defineCheck({
  key: 'web-vitals-ttfb',
  title: 'Time to First Byte',
  category: 'web-vitals',
  relevance: 8,
  scope: 'page',
  requires: ['page'],
  timed: true,
  description:
    'Time to First Byte (TTFB) is how long the browser waits from asking for the page to receiving the first byte of the answer: DNS lookup, connection, TLS handshake and the server’s own work. Nothing can render before it.',
  recommendation:
    'Bring the server response under 0.8 s: cache pages, speed up the backend, or serve from a CDN.',
  howToFix:
    'Look at which phase is slow. A long <b>wait</b> is the server building the page: cache full pages (a reverse proxy, a CDN or a page-cache plugin), profile slow database queries, and avoid calling external APIs while rendering. Long <b>DNS</b>, <b>connect</b> or <b>TLS</b> phases point to distance or the hosting: use a fast DNS provider, serve through a CDN close to visitors, enable TLS 1.3 and HTTP/2 or HTTP/3. Avoid redirects before the page, since each one adds a full round trip.',
  evaluate({ page }, { format }) {
    const { dns, connect, tls, firstByte, total } = page.timings;
    // firstByte counts from the start of the request, like the Navigation Timing API's responseStart.
    const measured = firstByte ?? total;
    const share = siteFirstByte(page.timings);
    // This machine's busy time is left out only where it changes the verdict, and then said.
    const discounted = band(share) !== band(measured);
    const ttfb = discounted ? share : measured;
    const setup = (dns ?? 0) + (connect ?? 0) + (tls ?? 0);
    const data = {
      ttfb: {
        total: Math.round(ttfb),
        dns: ms(dns),
        connect: ms(connect),
        tls: ms(tls),
        wait: firstByte === undefined ? null : Math.max(0, Math.round(ttfb - setup)),
        ...(discounted ? { not_counted: Math.round(measured - ttfb) } : {}),
      },
    };
    const values = { time: duration(ttfb), good: seconds(thresholds.good), poor: seconds(thresholds.poor) };
    const note =
      (firstByte === undefined ? messages.estimated : '') +
      (discounted
        ? format(messages.busy, { measured: duration(measured), busy: duration(measured - ttfb) })
        : '');
    const verdict = band(ttfb);
    return VERDICTS[verdict](format(messages[verdict], values) + note, data);
  },
});
