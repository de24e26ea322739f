import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { headStructure } from './head-structure';

const run = (head: string, body = '') =>
  headStructure.evaluate(
    {
      document: parseDocument(
        `<html><head>${head}</head><body>${body}</body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );

describe('head-structure', () => {
  it('passes metadata in the head, microdata in the body and unique ids', () => {
    expect(
      run(
        '<meta charset="utf-8"><title>Oak</title><link rel="canonical" href="https://example.com/"><meta name="robots" content="index"><noscript><style>.js{}</style></noscript>',
        '<div id="a" itemscope><meta itemprop="name" content="Oak"></div><div id="b"></div><template><p id="a"></p></template>',
      ),
    ).toEqual({
      status: 'passed',
      message:
        'Metadata sits in <head>, element ids are unique, and there is at most one canonical and one robots tag.',
      data: { misplaced_head_elements: [], duplicate_ids: [] },
    });
  });

  it('warns about metadata inside the body, ignoring SVG titles', () => {
    const result = run(
      '<title>Oak</title>',
      '<svg><title>Icon</title></svg><meta name="description" content="Oak tables"><link rel="canonical" href="/a">',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '2 head element(s) sit inside <body>, where search engines ignore them (<meta>, <link>).',
    );
    expect(result.data?.misplaced_head_elements).toEqual([
      { tag: 'meta', snippet: '<meta name="description" content="Oak tables">' },
      { tag: 'link', snippet: '<link rel="canonical" href="/a">' },
    ]);
  });

  it('reports a canonical in the body once, as misplaced, not as a second canonical', () => {
    const result = run(
      '<title>Oak</title><link rel="canonical" href="https://example.com/">',
      '<link rel="canonical" href="/widget">',
    );
    expect(result.message).toBe(
      '1 head element(s) sit inside <body>, where search engines ignore them (<link>).',
    );
  });

  it('warns about metadata after an element that ends the head early', () => {
    const result = run(
      '<title>Oak</title><iframe src="https://tracker.example/"></iframe><meta name="robots" content="noindex"><link rel="canonical" href="/a">',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The <iframe> element inside <head> makes browsers end the head early, so the 2 head element(s) after it (<meta>, <link>) land in <body>.',
    );
    expect((result.data!.misplaced_head_elements as { tag: string }[]).map((m) => m.tag)).toEqual([
      'meta',
      'link',
    ]);
    expect(run('<title>Oak</title>Welcome!<meta name="description" content="x">').message).toContain(
      'Text inside <head> makes browsers end the head early, so the 1 head element(s) after it (<meta>) land in <body>.',
    );
  });

  it('warns about duplicate ids', () => {
    const result = run(
      '<title>Oak</title>',
      '<p id="x"></p><p id="x"></p><p id="y"></p><span id="x"></span>',
    );
    expect(result).toEqual({
      status: 'warning',
      message: '1 id(s) are used on more than one element (#x).',
      data: { misplaced_head_elements: [], duplicate_ids: [{ id: 'x', count: 3 }] },
    });
  });

  it('warns about more than one canonical or robots meta tag', () => {
    expect(run('<link rel="canonical" href="/a"><link rel="Canonical" href="/b">').message).toBe(
      'The page has 2 canonical tags, and crawlers may pick either.',
    );
    expect(run('<meta name="robots" content="index"><meta name="ROBOTS" content="noindex">').message).toBe(
      'The page has 2 robots meta tags, and crawlers may pick either.',
    );
  });
});
