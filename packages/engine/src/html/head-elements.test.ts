import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { headElements, headLinks } from './head-elements';

const names = (html: string) =>
  headElements(parseDocument(html, 'https://example.com/').$).map(
    (el) => `${el.name}${el.attribs.href ? ` ${el.attribs.href}` : ''}`,
  );

describe('headElements', () => {
  it('lists the head elements in document order and nothing from <body>', () => {
    expect(
      names(
        '<!doctype html><html><head><meta charset="utf-8"><!-- seo --><title>T</title><link rel="canonical" href="/a"><script>x()</script></head><body><link rel="canonical" href="/b"></body></html>',
      ),
    ).toEqual(['meta', 'title', 'link /a', 'script']);
  });

  it('ends the head at the first element that cannot be in it', () => {
    expect(
      names('<html><head><link href="/a"><div>Banner</div><link href="/b"></head><body></body></html>'),
    ).toEqual(['link /a']);
  });

  it('ends the head at text, but not at spaces between tags', () => {
    expect(names('<html><head>\n  <link href="/a">\n  stray<link href="/b"></head></html>')).toEqual([
      'link /a',
    ]);
  });

  it('reads a document without <head> or <html> tags as a browser does', () => {
    expect(names('<title>T</title><link href="/a"><p>Hello</p><link href="/b">')).toEqual([
      'title',
      'link /a',
    ]);
    expect(names('<html><meta charset="utf-8"><link href="/a"><h1>Hi</h1><link href="/b"></html>')).toEqual([
      'meta',
      'link /a',
    ]);
  });

  it('keeps metadata between </head> and <body> in the head', () => {
    expect(names('<html><head><title>T</title></head>\n<link href="/a"><body></body></html>')).toEqual([
      'title',
      'link /a',
    ]);
  });

  it('does not read inside noscript or template', () => {
    expect(
      names(
        '<html><head><noscript><img src="/p.gif"><link href="/n"></noscript><link href="/a"></head></html>',
      ),
    ).toEqual(['noscript', 'link /a']);
  });
});

describe('headLinks', () => {
  it('keeps only the links', () => {
    const { $ } = parseDocument(
      '<html><head><title>T</title><link rel="canonical" href="/a"></head><body><link href="/b"></body></html>',
      'https://example.com/',
    );
    expect(headLinks($).map((el) => el.attribs.href)).toEqual(['/a']);
  });
});
