import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { hreflang } from './hreflang';

const URL_EN = 'https://example.com/en/';
const alt = (lang: string, href: string) => `<link rel="alternate" hreflang="${lang}" href="${href}">`;
const run = (
  head: string,
  {
    lang = 'en',
    link,
    url = URL_EN,
    body = '',
  }: { lang?: string; link?: string; url?: string; body?: string } = {},
) =>
  hreflang.evaluate(
    {
      document: parseDocument(`<html lang="${lang}"><head>${head}</head><body>${body}</body></html>`, url),
      page: pageArtifact(url, '', { headers: link ? { link } : {} }),
    },
    { format },
  );
const GOOD = alt('en', URL_EN) + alt('de', 'https://example.com/de/') + alt('x-default', URL_EN);

describe('hreflang', () => {
  it('passes a full set with itself and an x-default', () => {
    const result = run(GOOD);
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The 3 hreflang alternates are valid, include this page and an x-default.');
    expect(result.data?.hreflang_links).toEqual([
      { lang: 'en', href: URL_EN, issues: [] },
      { lang: 'de', href: 'https://example.com/de/', issues: [] },
      { lang: 'x-default', href: URL_EN, issues: [] },
    ]);
  });

  it('reads alternates from the Link header too', () => {
    const link = `<${URL_EN}>; rel="alternate"; hreflang="en", <https://example.com/>; rel="alternate"; hreflang="x-default"`;
    const result = run('', { link });
    expect(result.status).toBe('passed');
    expect(result.data?.hreflang_links).toEqual([
      { lang: 'en', href: URL_EN, issues: [] },
      { lang: 'x-default', href: 'https://example.com/', issues: [] },
    ]);
  });

  it('counts the canonical URL as the page itself', () => {
    const head = `<link rel="canonical" href="/en/">${alt('en', URL_EN)}${alt('x-default', URL_EN)}`;
    expect(run(head, { url: 'https://example.com/en/?utm_source=mail' }).status).toBe('passed');
  });

  it('does not apply to a page without alternates', () => {
    expect(run('<link rel="alternate" type="application/rss+xml" href="/feed">')).toEqual({
      status: 'skipped',
      message: 'The page declares no hreflang alternates, so it does not take part in a language set.',
      data: { hreflang_links: [] },
    });
  });

  it('fails invalid codes and relative URLs, saying which', () => {
    const result = run(GOOD + alt('en-UK', 'https://example.com/uk/') + alt('fr', '/fr/'));
    expect(result.status).toBe('failed');
    expect(result.message).toContain('2 alternate(s) have an invalid language code or a relative URL');
    expect(result.message).toContain('en-UK (“UK” is not an ISO 3166-1 country code (use GB))');
    expect(result.data?.hreflang_links).toContainEqual({
      lang: 'fr',
      href: '/fr/',
      issues: ['the URL is not absolute; use the full address with https://'],
    });
  });

  it('fails one language on two URLs', () => {
    const result = run(GOOD + alt('de', 'https://example.com/de-2/'));
    expect(result.status).toBe('failed');
    expect(result.message).toBe('The language de points to 2 different URLs; give each language one URL.');
    expect(result.data?.hreflang_links).toContainEqual({
      lang: 'de',
      href: 'https://example.com/de-2/',
      issues: ['the language de also points to another URL'],
    });
  });

  it('does not count the same pair listed twice as a conflict', () => {
    const link = `<https://example.com/de/>; rel="alternate"; hreflang="de"`;
    expect(run(GOOD, { link }).status).toBe('passed');
  });

  it('warns when the page is missing from its own set', () => {
    const result = run(alt('de', 'https://example.com/de/') + alt('x-default', 'https://example.com/'));
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The set does not include this page itself (https://example.com/en/); each version must list itself.',
    );
  });

  it('warns when there is no x-default', () => {
    const result = run(alt('en', URL_EN) + alt('de', 'https://example.com/de/'));
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The set has no x-default for visitors whose language is not listed.');
  });

  it('warns when the page’s own code disagrees with <html lang>', () => {
    const result = run(GOOD, { lang: 'fr' });
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The page lists itself as en, but its <html lang> says fr.');
    expect(result.data?.hreflang_links).toContainEqual({
      lang: 'en',
      href: URL_EN,
      issues: ['does not match <html lang="fr">'],
    });
    expect(run(GOOD, { lang: 'en-GB' }).status).toBe('passed');
  });

  it('ignores alternates in <body>, where search engines do not read them', () => {
    const stray = alt('de', 'https://example.com/de-2/') + alt('fr', '/fr/');
    const result = run(GOOD, { body: `<p>Languages</p>${stray}` });
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The 3 hreflang alternates are valid, include this page and an x-default.');
    expect(result.data?.hreflang_links).toHaveLength(3);
  });

  it('ignores alternates after content that ends the head, also without a <head> tag', () => {
    const stray = alt('de', 'https://example.com/de-2/');
    for (const html of [
      `<html lang="en"><head>${GOOD}<img src="/pixel.gif">${stray}</head><body></body></html>`,
      `<html lang="en"><meta charset="utf-8">${GOOD}<h1>Welcome</h1>${stray}</html>`,
    ]) {
      const result = hreflang.evaluate(
        { document: parseDocument(html, URL_EN), page: pageArtifact(URL_EN, html) },
        { format },
      );
      expect(result.status).toBe('passed');
    }
  });

  it('does not take the page’s own URL from a canonical link in <body>', () => {
    const head = alt('en', URL_EN) + alt('x-default', URL_EN);
    const result = run(head, {
      url: 'https://example.com/en/?utm_source=mail',
      body: '<link rel="canonical" href="/en/">',
    });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The set does not include this page itself (https://example.com/en/?utm_source=mail); each version must list itself.',
    );
  });

  it('does not apply when the alternates sit only in <body>, and says they are ignored', () => {
    expect(run('', { body: GOOD })).toEqual({
      status: 'skipped',
      message:
        'The page declares no hreflang alternates in <head>; search engines ignore the 3 in <body>, so move them into <head>.',
      data: { hreflang_links: [] },
    });
  });
});
