import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { resource } from '../testing/artifacts';
import { format } from './define-check';
import { socialMediaMetaTags } from './social-media-meta-tags';

const SITE = 'https://example.com';
const FULL = `<link rel="canonical" href="${SITE}/">
<meta property="og:title" content="Oak tables"><meta property="og:description" content="Made by hand.">
<meta property="og:image" content="${SITE}/og.jpg"><meta property="og:url" content="${SITE}/"><meta property="og:type" content="website">
<meta name="twitter:card" content="summary_large_image">`;
const og = (status: number | null, contentType = 'image/jpeg') =>
  resource(`${SITE}/og.jpg`, { initiator: 'og:image', status, contentType });
/** The og:image as the images gatherer decoded it: 1200×630 unless said otherwise. */
const decoded = (width = 1200, height = 630) => ({
  images: [
    {
      url: `${SITE}/og.jpg`,
      format: 'jpeg',
      width,
      height,
      bytes: 80_000,
      metadataBytes: 0,
      webpBytes: 60_000,
    },
  ],
});
const run = (head: string, resources = [og(200)], images = decoded()) =>
  socialMediaMetaTags.evaluate(
    {
      document: parseDocument(`<html><head>${head}</head><body></body></html>`, `${SITE}/`),
      resources,
      images,
    },
    { format },
  );

describe('social-media-meta-tags', () => {
  it('passes complete tags with an image that loads', () => {
    expect(run(FULL)).toEqual({
      status: 'passed',
      message: 'Open Graph and Twitter card tags are complete, and the og:image loads.',
      data: {
        open_graph: {
          'og:title': 'Oak tables',
          'og:description': 'Made by hand.',
          'og:image': `${SITE}/og.jpg`,
          'og:url': `${SITE}/`,
          'og:type': 'website',
        },
        twitter_card: { 'twitter:card': 'summary_large_image' },
      },
    });
  });

  it('warns about an og:image too small for a share card, and accepts 600×315 and up', () => {
    expect(run(FULL, [og(200)], decoded(300, 157))).toMatchObject({
      status: 'warning',
      message:
        'The og:image is only 300×157 px, so networks show a small thumbnail or none (use 1200×630 px or larger).',
    });
    expect(run(FULL, [og(200)], decoded(600, 315)).status).toBe('passed');
    // An image the decoder could not read is judged on loading alone.
    expect(run(FULL, [og(200)], { images: [] }).status).toBe('passed');
  });

  it('reads tags written with the other attribute, keeping the first of each', () => {
    const result = run(
      `${FULL.replace('name="twitter:card"', 'property="twitter:card"')}<meta name="og:title" content="Second">`,
    );
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({
      open_graph: { 'og:title': 'Oak tables' },
      twitter_card: { 'twitter:card': 'summary_large_image' },
    });
  });

  it('fails a page without any', () => {
    expect(run('<title>Oak</title><meta name="description" content="x">', [])).toEqual({
      status: 'failed',
      message:
        'The page has no Open Graph or Twitter card tags: shared links show whatever each network guesses, often without a picture.',
      data: { open_graph: {}, twitter_card: {} },
    });
  });

  it('warns about missing tags', () => {
    const result = run('<meta property="og:title" content="Oak">', []);
    expect(result.status).toBe('warning');
    expect(result.message).toBe('Missing: og:description, og:image, og:url, og:type, twitter:card.');
    expect(result.data).toEqual({ open_graph: { 'og:title': 'Oak' }, twitter_card: {} });
  });

  it('warns about an og:image that does not load or is not an image', () => {
    expect(run(FULL, [og(404, 'text/html')])).toMatchObject({
      status: 'warning',
      message: `The og:image ${SITE}/og.jpg does not load (404).`,
    });
    expect(run(FULL, [og(null)]).message).toBe(`The og:image ${SITE}/og.jpg does not load (no answer).`);
    expect(run(FULL, [og(200, 'text/html; charset=utf-8')]).message).toBe(
      `The og:image ${SITE}/og.jpg is not an image (text/html; charset=utf-8).`,
    );
  });

  it('warns about a relative og:image', () => {
    const result = run(FULL.replace(`content="${SITE}/og.jpg"`, 'content="/og.jpg"'), []);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The og:image “/og.jpg” is not an absolute URL, so networks cannot fetch it.',
    );
  });

  it('warns when og:url is not the canonical URL, but not over a fragment', () => {
    const result = run(
      FULL.replace(`property="og:url" content="${SITE}/"`, `property="og:url" content="${SITE}/home"`),
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(`The og:url ${SITE}/home differs from the canonical URL ${SITE}/.`);
    expect(
      run(FULL.replace(`property="og:url" content="${SITE}/"`, `property="og:url" content="${SITE}/#top"`))
        .status,
    ).toBe('passed');
  });
});
