import { describe, expect, it } from 'vitest';
import { resource } from '../testing/artifacts';
import { format } from './define-check';
import { imageCaching } from './image-caching';

const year = { 'cache-control': 'public, max-age=31536000' };
const img = (name: string, headers: Record<string, string>) =>
  resource(`https://example.com/${name}`, { headers });

describe('image-caching', () => {
  it('passes images cached for 30 days or more', () => {
    expect(imageCaching.evaluate({ resources: [img('a.jpg', year)] }, { format })).toEqual({
      status: 'passed',
      message: 'The one image may be cached by browsers for at least 30 days.',
      data: { not_cached: [] },
    });
  });

  it('warns when some images have a short TTL', () => {
    const result = imageCaching.evaluate(
      { resources: [img('a.jpg', year), img('b.jpg', { 'cache-control': 'max-age=3600' })] },
      { format },
    );
    expect(result).toMatchObject({
      status: 'warning',
      data: { not_cached: [{ url: 'https://example.com/b.jpg', ttl_seconds: 3600 }] },
    });
  });

  it('fails when no image is cacheable', () => {
    const result = imageCaching.evaluate(
      { resources: [img('a.jpg', {}), img('b.jpg', { 'cache-control': 'no-store' })] },
      { format },
    );
    expect(result.status).toBe('failed');
  });

  it('does not apply without images', () => {
    expect(
      imageCaching.evaluate(
        { resources: [resource('https://example.com/a.css', { type: 'stylesheet' })] },
        { format },
      ).status,
    ).toBe('skipped');
  });
});
