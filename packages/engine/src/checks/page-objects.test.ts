import { describe, expect, it } from 'vitest';
import type { NetworkEntry } from '../artifacts';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { pageObjects } from './page-objects';

const entry = (
  url: string,
  type: string,
  transferBytes: number,
  overrides: Partial<NetworkEntry> = {},
): NetworkEntry => ({
  url,
  type,
  status: 200,
  transferBytes,
  bytes: transferBytes,
  protocol: 'h2',
  domain: new URL(url).hostname,
  mimeType: null,
  failed: false,
  ...overrides,
});
const run = (network: NetworkEntry[]) =>
  pageObjects.evaluate({ browser: browserArtifact({ network }) }, { format });

describe('page-objects', () => {
  it('passes a light page and groups requests by type and domain', () => {
    const result = run([
      entry('https://example.com/', 'document', 20_000),
      entry('https://example.com/site.css', 'stylesheet', 10_000),
      entry('https://cdn.example.net/app.js', 'script', 50_000),
      entry('https://example.com/hero.webp', 'image', 80_000),
    ]);
    expect(result.status).toBe('passed');
    expect(result.data?.page_objects).toMatchObject({
      html: 1,
      css: 1,
      javascript: 1,
      images: 1,
      flash: 0,
      requests_by_domain: { 'example.com': 3, 'cdn.example.net': 1 },
      size_by_type: { html: 20_000, css: 10_000, javascript: 50_000, images: 80_000 },
      requests_by_type: { html: 1, css: 1, javascript: 1, images: 1 },
      size_by_domain: { 'example.com': 110_000, 'cdn.example.net': 50_000 },
      broken_resources: { same_domain: [], other_domain: [] },
    });
    expect(result.message).toBe('The page loads 4 files, 0.15 MB in all.');
  });

  it('counts Flash files and leaves data: URLs and cancelled requests out', () => {
    const result = run([
      entry('https://example.com/', 'document', 1000),
      entry('https://example.com/intro.swf', 'other', 5000),
      entry('data:image/png;base64,AAAA', 'image', 0, { failed: true, domain: '' }),
      entry('https://example.com/video.mp4', 'media', 0, {
        status: null,
        failed: true,
        errorText: 'net::ERR_ABORTED',
      }),
    ]);
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({
      page_objects: { flash: 1, requests_by_type: { html: 1, flash: 1, media: 1 } },
      flash_resources: ['https://example.com/intro.swf'],
    });
  });

  it('warns above 50 requests or 1.6 MB, fails above 100 or 4 MB', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => entry(`https://example.com/i${i}.png`, 'image', 1000));
    expect(run(many(50)).status).toBe('passed');
    expect(run(many(60))).toMatchObject({
      status: 'warning',
      message: 'The page loads 60 files, 0.06 MB in all; aim for at most 50 files and 1.60 MB.',
    });
    expect(run([entry('https://example.com/big.jpg', 'image', 2 * 1024 * 1024)]).status).toBe('warning');
    expect(run(many(120)).status).toBe('failed');
    expect(run([entry('https://example.com/big.jpg', 'image', 5 * 1024 * 1024)]).status).toBe('failed');
  });

  it('fails when a file is broken, split by the page’s own domain and others', () => {
    const result = run([
      entry('https://www.example.com/', 'document', 1000),
      entry('https://static.example.com/missing.css', 'stylesheet', 300, { status: 404 }),
      entry('https://ads.vendor.example/tag.js', 'script', 0, {
        status: null,
        failed: true,
        errorText: 'net::ERR_NAME_NOT_RESOLVED',
      }),
    ]);
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      '2 file(s) the page loads are broken (https://static.example.com/missing.css). The page loads 3 files, 0.00 MB in all.',
    );
    expect(result.data?.page_objects).toMatchObject({
      broken_resources: {
        same_domain: [{ url: 'https://static.example.com/missing.css', status: 404, error: null }],
        other_domain: [
          { url: 'https://ads.vendor.example/tag.js', status: null, error: 'net::ERR_NAME_NOT_RESOLVED' },
        ],
      },
    });
  });
});
