import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { crawlableAnchors } from './crawlable-anchors';
import { format } from './define-check';

const run = (body: string) =>
  crawlableAnchors.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );

describe('crawlable-anchors', () => {
  it('passes real links, fragments and mail/phone links', () => {
    const result = run(
      '<a href="/about">About</a><a href="https://other.example/">Other</a><a href="#top">Top</a><a href="mailto:hi@example.com">Mail</a><a href="tel:+123">Call</a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('All 5 links have an href that crawlers can follow.');
    expect(result.data).toEqual({ uncrawlable_links: [] });
  });

  it('ignores named anchors and links acting as buttons', () => {
    const result = run('<a name="section"></a><a role="button" onclick="open()">Menu</a>');
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The page has no links to check.');
  });

  it('warns about javascript:, empty, file:, onclick-only and other schemes', () => {
    const result = run(
      '<a href="javascript:void(0)">Menu</a><a href="">Empty</a><a href="file:///C:/doc.pdf">Doc</a><a onclick="go()"><img alt="Go"></a><a href="ftp://files.example/">FTP</a><a href="/ok">Fine</a>',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '5 of 6 links cannot be followed by crawlers (no http(s) href): javascript: href, empty href, file: href, onclick without href, non-web scheme.',
    );
    expect(result.data).toEqual({
      uncrawlable_links: [
        { href: 'javascript:void(0)', text: 'Menu', reason: 'javascript' },
        { href: '', text: 'Empty', reason: 'empty_href' },
        { href: 'file:///C:/doc.pdf', text: 'Doc', reason: 'file' },
        { href: null, text: 'Go', reason: 'onclick_only' },
        { href: 'ftp://files.example/', text: 'FTP', reason: 'unsupported_scheme' },
      ],
    });
  });

  it('warns about an href that is not a valid URL', () => {
    expect(run('<a href="http://[bad">x</a>').data).toMatchObject({
      uncrawlable_links: [{ reason: 'invalid_url' }],
    });
  });
});
