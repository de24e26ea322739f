import { describe, expect, it } from 'vitest';
import { pageArtifact, resource } from '../testing/artifacts';
import { format } from './define-check';
import { textCompression } from './text-compression';

const html = 'x'.repeat(20_480);
const page = (encoding?: string) =>
  pageArtifact('https://example.com/', html, {
    headers: encoding ? { 'content-encoding': encoding } : {},
    transferBytes: encoding ? 4096 : html.length,
  });
const css = (encoding?: string) =>
  resource('https://example.com/site.css', {
    type: 'stylesheet',
    contentType: 'text/css',
    bytes: 8000,
    headers: encoding ? { 'content-encoding': encoding } : {},
  });

describe('text-compression', () => {
  it('passes compressed HTML and text files, with the savings', () => {
    expect(textCompression.evaluate({ page: page('br'), resources: [css('gzip')] }, { format })).toEqual({
      status: 'passed',
      message:
        'The HTML is sent br-compressed (20.0 KB → 4.0 KB); its one other text file over 1.4 KB is compressed.',
      data: {
        compression: { encoding: 'br', raw: 20_480, compressed: 4096, savings_pct: 80 },
        uncompressed: [],
      },
    });
  });

  it('warns about uncompressed text files (not images, not tiny files)', () => {
    const tiny = resource('https://example.com/t.js', {
      type: 'script',
      contentType: 'text/javascript',
      bytes: 900,
    });
    const png = resource('https://example.com/i.png', { contentType: 'image/png', bytes: 90_000 });
    const result = textCompression.evaluate(
      { page: page('gzip'), resources: [css(), tiny, png] },
      { format },
    );
    expect(result).toMatchObject({
      status: 'warning',
      data: { uncompressed: ['https://example.com/site.css'] },
    });
  });

  it('calls small HTML sent as it is too small to gain, not compressed', () => {
    const small = pageArtifact('https://example.com/', 'x'.repeat(700), { headers: {}, transferBytes: 700 });
    expect(textCompression.evaluate({ page: small, resources: [] }, { format })).toMatchObject({
      status: 'passed',
      message: 'The HTML (0.7 KB) is too small to gain from compression.',
    });
    const two = [
      css('br'),
      resource('https://example.com/app.js', {
        contentType: 'text/javascript',
        bytes: 9000,
        headers: { 'content-encoding': 'gzip' },
      }),
    ];
    expect(textCompression.evaluate({ page: small, resources: two }, { format }).message).toBe(
      'The HTML (0.7 KB) is too small to gain from compression; its 2 other text files over 1.4 KB are all compressed.',
    );
  });

  it('fails uncompressed HTML', () => {
    const result = textCompression.evaluate({ page: page(), resources: [] }, { format });
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'The HTML (20.0 KB) is sent uncompressed; gzip or Brotli would make it several times smaller.',
    );
  });
});
