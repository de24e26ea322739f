import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { resource } from '../testing/artifacts';
import { format } from './define-check';
import { countWidthQueries, mediaQueryResponsive } from './media-query-responsive';

const run = (head: string, css: string | null = null) =>
  mediaQueryResponsive.evaluate(
    {
      document: parseDocument(`<html><head>${head}</head></html>`, 'https://example.com/'),
      resources:
        css === null ? [] : [resource('https://example.com/site.css', { type: 'stylesheet', text: css })],
    },
    { format },
  );

describe('media-query-responsive', () => {
  it('counts width queries in stylesheets, style blocks and link media', () => {
    const result = run(
      '<style>@media (max-width: 600px) { h1 { font-size: 2rem } }</style><link rel="stylesheet" href="/m.css" media="(min-width: 40em)">',
      '@media screen and (min-width: 768px){.a{}} @container card (width > 30rem){.b{}} @media print{.c{}}',
    );
    expect(result).toEqual({
      status: 'passed',
      message:
        'The stylesheets have 4 width-based media or container queries: the layout adapts to the screen.',
      data: { media_queries_count: 4 },
    });
  });

  it('warns when there are none (print and orientation do not count)', () => {
    expect(run('', '@media print { body { color: #000 } } @media (orientation: landscape) {}')).toMatchObject(
      {
        status: 'warning',
        data: { media_queries_count: 0 },
      },
    );
  });

  it('ignores queries inside comments and reads range syntax', () => {
    expect(countWidthQueries('/* @media (max-width: 1px) {} */ @media (400px <= width <= 700px) {}')).toBe(1);
  });
});
