import { describe, expect, it } from 'vitest';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { pageCache } from './page-cache';

const run = (headers: Record<string, string>, status: number | null = 200) =>
  pageCache.evaluate(
    { page: pageArtifact('https://example.com/'), pageRepeat: { headers, status } },
    { format },
  );

describe('page-cache', () => {
  it.each([
    [{ 'cf-cache-status': 'HIT' }, 'cf-cache-status'],
    [{ 'x-cache': 'Hit from cloudfront' }, 'x-cache'],
    [{ 'cache-status': 'ExampleCache; hit' }, 'cache-status'],
    [{ 'x-litespeed-cache': 'hit' }, 'x-litespeed-cache'],
  ])('passes a cache hit on the second request: %j', (headers, header) => {
    expect(run(headers)).toMatchObject({ status: 'passed', data: { page_cache: { header, status: 'hit' } } });
  });

  it('passes an Age header on its own', () => {
    expect(run({ age: '120' })).toMatchObject({
      status: 'passed',
      data: { page_cache: { header: 'age', status: 'hit' } },
    });
  });

  it('warns about a miss or bypass', () => {
    const result = run({ 'cf-cache-status': 'DYNAMIC' });
    expect(result).toMatchObject({
      status: 'warning',
      data: { page_cache: { header: 'cf-cache-status', status: 'dynamic' } },
    });
    expect(run({ 'x-cache': 'MISS' }).message).toContain('builds the page on every visit');
  });

  it('warns when nothing says', () => {
    expect(run({})).toMatchObject({
      status: 'warning',
      message: 'No cache header says whether the page was served from a server cache.',
    });
    expect(run({}, null).status).toBe('warning');
  });
});
