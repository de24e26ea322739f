import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { unsafeCrossOriginLinks } from './unsafe-cross-origin-links';

const run = (body: string) =>
  unsafeCrossOriginLinks.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/page') },
    { format },
  );

describe('unsafe-cross-origin-links', () => {
  it('passes new-tab external links with noopener or noreferrer', () => {
    const result = run(
      '<a href="https://other.example/" target="_blank" rel="noopener">a</a><a href="https://b.example/" target="_BLANK" rel="nofollow NoReferrer">b</a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'Every external link that opens in a new tab has rel="noopener" or rel="noreferrer".',
    );
    expect(result.data).toEqual({ unsafe_external_links: [] });
  });

  it('ignores same-origin links, other targets and non-http links', () => {
    const result = run(
      '<a href="/about" target="_blank">a</a><a href="https://other.example/" target="_self">b</a><a href="mailto:x@other.example" target="_blank">c</a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('No external link opens in a new tab.');
  });

  it('warns about external new-tab links without noopener, once per URL', () => {
    const result = run(
      '<a href="https://other.example/x" target="_blank">a</a><a href="https://other.example/x" target="_blank">again</a><a href="https://c.example/" target="_blank" rel="opener">c</a><a href="http://example.com/" target="_blank">http is another origin</a>',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '3 external links open in a new tab without rel="noopener"; the opened page can redirect this one.',
    );
    expect(result.data).toEqual({
      unsafe_external_links: ['https://other.example/x', 'https://c.example/', 'http://example.com/'],
    });
  });
});
