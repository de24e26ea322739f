import { describe, expect, it } from 'vitest';
import { textFile } from '../testing/artifacts';
import { format } from './define-check';
import { robotsTxt } from './robots-txt';

const URL_ = 'https://example.com/robots.txt';
const run = (body: string, overrides = {}) =>
  robotsTxt.evaluate({ robotsTxt: textFile(URL_, body, overrides) }, { format });

describe('robots-txt', () => {
  it('passes a valid plain-text file and lists its sitemaps', () => {
    const result = run('User-agent: *\nDisallow: /admin\nSitemap: https://example.com/sitemap.xml\n');
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({
      robots_txt_url: URL_,
      robots_txt_errors: [],
      sitemaps_declared: ['https://example.com/sitemap.xml'],
    });
  });

  it('fails a server error or no answer: crawlers then stay away from the whole site', () => {
    expect(run('', { status: 503 }).status).toBe('failed');
    expect(run('', { status: null }).message).toContain('did not answer');
  });

  it('warns about a missing file, a redirect, HTML, a huge file and unusable lines', () => {
    expect(run('', { status: 404 }).message).toContain('There is no robots.txt');
    expect(
      run('User-agent: *', {
        redirects: [{ url: URL_, status: 301, location: 'https://www.example.com/robots.txt' }],
      }).status,
    ).toBe('warning');
    expect(run('User-agent: *', { contentType: 'text/html' }).message).toContain('text/html');
    expect(run('User-agent: *', { bytes: 600 * 1024 }).message).toContain('600 KiB');
    const broken = run('User-agent: *\nDisalow: /x\n');
    expect(broken.status).toBe('warning');
    expect(broken.message).toContain('unknown directive "disalow"');
  });
});
