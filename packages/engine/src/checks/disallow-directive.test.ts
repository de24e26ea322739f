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
    expect(result.message).toContain('whole site');
  });

  it('fails a page blocked for Googlebot, naming the rule and its line', () => {
    const result = run('User-agent: Googlebot\nDisallow: /shop/\n\nUser-agent: *\nAllow: /');
    expect(result.status).toBe('failed');
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

  it('warns about other disallowed paths and lists them', () => {
    const result = run('User-agent: *\nDisallow: /admin\nDisallow:\n');
    expect(result.status).toBe('warning');
    expect(result.data).toMatchObject({ disallow_tags: [{ agent: '*', rule: 'Disallow: /admin', line: 2 }] });
  });
});
