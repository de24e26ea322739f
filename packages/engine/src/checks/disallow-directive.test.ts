import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact, textFile } from '../testing/artifacts';
import { format } from './define-check';
import { disallowDirective } from './disallow-directive';

const PAGE = 'https://example.com/shop/oak-table';
const run = (robots: string, html = '<html><head></head><body></body></html>') =>
  disallowDirective.evaluate(
    {
      robotsTxt: textFile('https://example.com/robots.txt', robots),
      page: pageArtifact(PAGE, html),
      document: parseDocument(html, PAGE),
    },
    { format },
  );

describe('disallow-directive', () => {
  it('passes a page every crawler may fetch', () => {
    expect(run('User-agent: *\nAllow: /').status).toBe('passed');
  });

  it('fails when "Disallow: /" applies to every crawler', () => {
    const result = run('User-agent: *\nDisallow: /');
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'robots.txt blocks the whole site for every crawler ("Disallow: /" for User-agent: *).',
    );
    expect(result.data).toEqual({ disallow_tags: [{ agent: '*', rule: 'Disallow: /', line: 2 }] });
  });

  it('fails a page blocked for Googlebot, naming the rule and its line', () => {
    const result = run('User-agent: Googlebot\nDisallow: /shop/ # old shop\n\nUser-agent: *\nAllow: /');
    expect(result.status).toBe('failed');
    expect(result.message).toBe('robots.txt keeps Googlebot away from this page (Disallow: /shop/, line 2).');
    expect(result.data).toMatchObject({
      disallow_tags: [{ agent: 'Googlebot', rule: 'Disallow: /shop/', line: 2 }],
    });
  });

  it('warns when the CSS or JavaScript of the page is blocked', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/assets/site.css"><script src="https://cdn.example.net/x.js"></script></head></html>';
    const result = run('User-agent: *\nDisallow: /assets/', html);
    expect(result.status).toBe('warning');
    expect(result.data).toMatchObject({ blocked_resources: ['https://example.com/assets/site.css'] });
  });

  it('passes a page that no Disallow rule covers, listing the rules for information', () => {
    const result = run(
      'User-agent: *\nDisallow: /admin\nDisallow:\n\nUser-agent: Googlebot\nDisallow: /search',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'robots.txt lets Googlebot, Bingbot and every other crawler fetch this page; its 2 Disallow rule(s) concern other paths.',
    );
    expect(result.data).toEqual({
      disallow_tags: [
        { agent: '*', rule: 'Disallow: /admin', line: 2 },
        { agent: 'googlebot', rule: 'Disallow: /search', line: 6 },
      ],
    });
  });

  it('passes a page that an Allow rule opens inside a closed site', () => {
    const result = run('User-agent: *\nDisallow: /\nAllow: /shop/');
    expect(result.status).toBe('passed');
    expect(result.message).toContain('lets Googlebot, Bingbot and every other crawler fetch this page');
  });

  it('fails a page closed to other crawlers while Googlebot may fetch it, without saying every crawler', () => {
    const result = run('User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /');
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'robots.txt keeps Bingbot and other crawlers away from this page (Disallow: /, line 5).',
    );
    expect(result.data).toMatchObject({
      disallow_tags: [
        { agent: 'Bingbot', rule: 'Disallow: /', line: 5 },
        { agent: '*', rule: 'Disallow: /', line: 5 },
      ],
    });
  });

  it('fails the whole site closed with "Disallow: /*" too, quoting the rule', () => {
    expect(run('User-agent: *\nDisallow: /*').message).toBe(
      'robots.txt blocks the whole site for every crawler ("Disallow: /*" for User-agent: *).',
    );
  });
});
