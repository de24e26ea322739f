import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { linkText } from './link-text';

const run = (body: string) =>
  linkText.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/blog/') },
    { format },
  );

describe('link-text', () => {
  it('passes descriptive links, image links with alt and labelled icon links', () => {
    const result = run(
      '<a href="/pricing">Pricing for teams</a><a href="/"><img src="logo.png" alt="Woodline home"></a><a href="/cart" aria-label="Shopping cart"><svg></svg></a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('All 3 followed links have descriptive text.');
    expect(result.data).toEqual({ non_descriptive_links: [] });
  });

  it('skips nofollow links, same-page fragments and non-http links', () => {
    const result = run(
      '<a href="/x" rel="nofollow">click here</a><a href="#comments">here</a><a href="mailto:a@b.example">here</a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('The page has no followed links to check.');
  });

  it('warns about generic text in several languages, with punctuation around it', () => {
    const result = run(
      '<a href="/a">Read more »</a><a href="/b">Click <b>here</b></a><a href="/c">Weiterlesen</a><a href="/d">En savoir plus…</a><a href="/e">続きを読む</a>',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'Links with generic text such as "Read more »": 5; anchor text should say where the link goes.',
    );
    expect(result.data).toMatchObject({
      non_descriptive_links: [
        { href: 'https://example.com/a', text: 'Read more »' },
        { href: 'https://example.com/b', text: 'Click here' },
        { href: 'https://example.com/c', text: 'Weiterlesen' },
        { href: 'https://example.com/d', text: 'En savoir plus…' },
        { href: 'https://example.com/e', text: '続きを読む' },
      ],
    });
  });

  it('warns about empty anchors such as an image link without alt', () => {
    const result = run('<a href="/shop"><img src="shop.png"></a><a href="/about">About us</a>');
    expect(result.status).toBe('warning');
    expect(result.message).toBe('Links with no text: 1; anchor text should say where the link goes.');
    expect(result.data).toEqual({ non_descriptive_links: [{ href: 'https://example.com/shop', text: '' }] });
  });

  it('names both kinds of problem together', () => {
    expect(run('<a href="/a">here</a><a href="/b"></a>').message).toBe(
      'Links with generic text such as "here": 1, links with no text: 1; anchor text should say where the link goes.',
    );
  });
});
