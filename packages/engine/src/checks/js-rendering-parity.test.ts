import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { jsRenderingParity } from './js-rendering-parity';

const PAGE = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
const HEAD =
  '<title>Oak tables</title><meta name="description" content="Made by hand."><link rel="canonical" href="https://example.com/">';
const BODY =
  '<h1>Oak tables</h1><p>We build oak tables by hand in our workshop.</p><a href="/about">About</a>';
const run = (raw: string, rendered: string) =>
  jsRenderingParity.evaluate(
    {
      document: parseDocument(raw, 'https://example.com/'),
      browser: browserArtifact({ renderedHtml: rendered }),
    },
    { format },
  );

describe('js-rendering-parity', () => {
  it('passes when scripts change nothing that matters', () => {
    const result = run(PAGE(HEAD, BODY), PAGE(HEAD, `${BODY}<p>tables</p>`));
    expect(result).toEqual({
      status: 'passed',
      message:
        'The raw HTML already holds the page: title, description, canonical, robots and H1 match, and scripts add 0 % of the words.',
      data: { diffs: [], js_only_links: [], js_only_words_pct: 0 },
    });
  });

  it('fails when scripts change the robots tag, the canonical or the title', () => {
    const result = run(
      PAGE(HEAD, BODY),
      PAGE(`${HEAD.replace('Oak tables', 'Loading…')}<meta name="robots" content="noindex">`, BODY),
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'Scripts change the title, robots: crawlers that do not run JavaScript (and Google before rendering) see something else.',
    );
    expect(result.data?.diffs).toEqual([
      { field: 'title', raw: 'Oak tables', rendered: 'Loading…' },
      { field: 'robots', raw: null, rendered: 'noindex' },
    ]);
  });

  it('warns when the content and links are injected by scripts', () => {
    const result = run(
      PAGE(HEAD, '<h1>Oak tables</h1><div id="app"></div>'),
      PAGE(HEAD, `<h1>Oak tables</h1><div id="app">${BODY}<a href="/shop">Shop</a></div>`),
    );
    expect(result.status).toBe('warning');
    expect(result.data?.js_only_links).toEqual(['https://example.com/about', 'https://example.com/shop']);
    expect(result.data?.js_only_words_pct).toBe(57);
    expect(result.message).toBe(
      'Most of the page is added by scripts: 57 % of the words and 2 link(s) appear only after JavaScript runs.',
    );
  });

  it('compares the canonical as a URL, not as text', () => {
    const relative = HEAD.replace('href="https://example.com/"', 'href="/"');
    expect(run(PAGE(relative, BODY), PAGE(HEAD, BODY)).status).toBe('passed');
    const moved = HEAD.replace('href="https://example.com/"', 'href="https://example.com/other"');
    expect(run(PAGE(HEAD, BODY), PAGE(moved, BODY))).toMatchObject({
      status: 'failed',
      data: {
        diffs: [{ field: 'canonical', raw: 'https://example.com/', rendered: 'https://example.com/other' }],
      },
    });
  });

  it('does not judge without a rendered DOM', () => {
    expect(run(PAGE(HEAD, BODY), '').status).toBe('skipped');
  });

  it('warns about a changed description or H1', () => {
    expect(run(PAGE(HEAD, BODY), PAGE(HEAD.replace('Made by hand.', 'Handmade.'), BODY)).message).toBe(
      'Scripts change the description, which crawlers may read before rendering.',
    );
  });
});
