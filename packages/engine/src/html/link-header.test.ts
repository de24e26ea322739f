import { describe, expect, it } from 'vitest';
import { hasRel, parseLinkHeader } from './link-header';

describe('parseLinkHeader', () => {
  it('splits entries on commas outside <…> and quotes', () => {
    expect(
      parseLinkHeader(
        '<https://example.com/a,b>; rel="canonical", </app.css>; rel=preload; as=style, <https://example.com/de>; rel="alternate"; hreflang="de"; title="a, b"',
      ),
    ).toEqual([
      { url: 'https://example.com/a,b', params: { rel: 'canonical' } },
      { url: '/app.css', params: { rel: 'preload', as: 'style' } },
      { url: 'https://example.com/de', params: { rel: 'alternate', hreflang: 'de', title: 'a, b' } },
    ]);
  });

  it('returns nothing for a missing header', () => {
    expect(parseLinkHeader(undefined)).toEqual([]);
  });

  it('matches rel tokens in any case', () => {
    expect(hasRel('Alternate Stylesheet', 'stylesheet')).toBe(true);
    expect(hasRel('stylesheets', 'stylesheet')).toBe(false);
  });
});
