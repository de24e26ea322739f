import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetcher } from '../src/net/guarded-fetch';
import { type CheckupReport, runCheckup } from '../src/run';
import { makeCertificates, type TestCertificates } from './certificates';
import { type FixtureSite, startSite } from './fixture-sites';

// Whole checkups of the fixture sites, Chromium included: what a site owner would read.
let certificates: TestCertificates;
const sites: FixtureSite[] = [];
beforeAll(async () => {
  certificates = await makeCertificates();
});
afterAll(() => Promise.all(sites.map((site) => site.close())));

async function checkup(name: 'well-made' | 'neglected', tls?: keyof Omit<TestCertificates, 'ca'>) {
  const site = await startSite(name, tls ? certificates[tls] : undefined);
  sites.push(site);
  const fetcher = createGuardedFetcher({ allowPrivate: site.allow, ca: certificates.ca });
  return runCheckup({ url: `${site.origin}/`, fetcher });
}

const statusOf = (report: CheckupReport, key: string) => report.results.find((r) => r.key === key)?.status;
const keysWith = (report: CheckupReport, status: string) =>
  report.results.filter((r) => r.status === status).map((r) => r.key);

describe('checkups of the fixture sites', () => {
  it('the well-made site over HTTPS passes nearly everything', async () => {
    const report = await checkup('well-made', 'valid');
    expect(keysWith(report, 'error')).toEqual([]);
    expect(keysWith(report, 'failed')).toEqual(['cdn-usage', 'http2']);
    expect(report.score).toBeGreaterThanOrEqual(90);
    for (const key of [
      'meta-title',
      'meta-description',
      'https-encryption',
      'hsts',
      'sitemap',
      'web-vitals-lcp',
      'web-vitals-cls',
      'js-errors',
    ])
      expect(statusOf(report, key), key).toBe('passed');
    expect(report.screenshots.mobile?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('the neglected site fails most checks', async () => {
    const report = await checkup('neglected');
    expect(keysWith(report, 'error')).toEqual([]);
    expect(report.score).toBeLessThan(55);
    expect(keysWith(report, 'failed').length).toBeGreaterThanOrEqual(25);
    for (const key of [
      'meta-title',
      'doctype',
      'viewport',
      'js-errors',
      'custom-404',
      'content-width',
      'large-images',
      'disallow-directive',
    ])
      expect(statusOf(report, key), key).toBe('failed');
    expect(statusOf(report, 'directory-browsing')).toBe('failed');
  });

  /** Every result of both sites' checkups (taken once) that `says` holds for, as `key: message`. */
  let both: Promise<CheckupReport[]> | undefined;
  const resultsThat = async (says: (result: CheckupReport['results'][number]) => boolean) => {
    both ??= Promise.all([checkup('well-made', 'valid'), checkup('neglected')]);
    return (await both).flatMap((report) =>
      report.results
        .filter(says)
        .map((result) => `${result.key}: ${'message' in result ? result.message : ''}`),
    );
  };

  it('a passed check never describes a fault in its message', async () => {
    // Words of the catalogue's failure and warning texts: a pass that says them contradicts itself
    // (HTML/text compression once passed with 'The HTML is sent not-compressed').
    const FAULT =
      /\b(is missing|are missing|not-compressed|uncompressed|unminified|too (long|short|slow|large|small to read|many|few))\b/;
    expect(await resultsThat((result) => result.status === 'passed' && FAULT.test(result.message))).toEqual(
      [],
    );
  });

  it('a count of one reads as one: never "All 1 images", "1 links", "1 external links" or "1 times"', async () => {
    // A noun after one, or after one and a word ("1 external links", "1 e-mail addresses").
    const ONE_AS_MANY = /\b(All|None of the) 1 |\b1 (?!ms\b)(?:[a-z-]+ )?[a-z-]+s\b/;
    expect(await resultsThat((result) => 'message' in result && ONE_AS_MANY.test(result.message))).toEqual(
      [],
    );
  });

  it('a count that opens a failure or a warning is the count of what its data lists', async () => {
    // "3 of 5 images have no alt text" lists 3 images; "2 file(s) … are broken" lists 2 files. The
    // lists are of the failing items (a passed check lists none), each at most its check's cap.
    const lengths = (data: Record<string, unknown>): number[] =>
      Object.values(data).flatMap((value) => {
        if (Array.isArray(value)) return [value.length];
        if (value && typeof value === 'object') {
          const inner = Object.values(value).filter(Array.isArray);
          return inner.length ? [inner.reduce((sum, list) => sum + list.length, 0)] : [];
        }
        return [];
      });
    const mismatched = await resultsThat((result) => {
      if (result.status !== 'failed' && result.status !== 'warning') return false;
      const opening = /^(\d+)\b(?! ?(%|ms|px|KB|MB|s)\b)/.exec(result.message);
      const listed = lengths(result.data).filter((n) => n > 0);
      return opening !== null && listed.length > 0 && !listed.includes(Number(opening[1]));
    });
    expect(mismatched).toEqual([]);
  });

  it('an expired certificate still gives a report, with HTTPS failed', async () => {
    const report = await checkup('well-made', 'expired');
    const https = report.results.find((r) => r.key === 'https-encryption');
    expect(https).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^The certificate expired \d+ days ago\./),
    });
    expect(statusOf(report, 'meta-title')).toBe('passed');
  });
});
