import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { mixedContent } from './mixed-content';

const run = (html: string, { url = 'https://example.com/', headers = {} as Record<string, string> } = {}) => {
  const page = pageArtifact(url, html, { headers });
  return mixedContent.evaluate({ document: parseDocument(html, url), page }, { format });
};

describe('mixed-content', () => {
  it('passes an HTTPS page whose resources all use HTTPS or relative URLs', () => {
    const result = run(
      '<script src="/app.js"></script><link rel="stylesheet" href="https://cdn.example.net/a.css"><img src="//example.com/x.png"><a href="http://other.example/">links are fine</a><link rel="canonical" href="http://example.com/">',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('Every resource and form on this HTTPS page uses HTTPS.');
    expect(result.data).toEqual({ insecure_url: [] });
  });

  it('passes an HTTP page, where mixed content does not apply', () => {
    const result = run('<script src="http://example.com/a.js"></script>', { url: 'http://example.com/' });
    expect(result.status).toBe('passed');
    expect(result.message).toContain('served over HTTP');
  });

  it('warns about passive content only', () => {
    const result = run(
      '<img src="http://example.com/a.png"><img srcset="https://example.com/b.png 1x, http://example.com/b2.png 2x"><video poster="http://example.com/p.jpg"><source src="http://example.com/v.mp4"></video>',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '4 images or media files load over HTTP; browsers upgrade or flag them and show the page as not fully secure.',
    );
    expect(result.data).toEqual({
      insecure_url: [
        { url: 'http://example.com/a.png', type: 'image', kind: 'passive' },
        { url: 'http://example.com/b2.png', type: 'image', kind: 'passive' },
        { url: 'http://example.com/v.mp4', type: 'media', kind: 'passive' },
        { url: 'http://example.com/p.jpg', type: 'image', kind: 'passive' },
      ],
    });
  });

  it('fails active content: scripts, stylesheets, iframes, forms and HTTP relative URLs via <base>', () => {
    const result = run(
      '<base href="http://static.example.com/"><script src="app.js"></script><link rel="stylesheet" href="http://example.com/a.css"><iframe src="http://video.example/embed"></iframe><form action="http://example.com/login"></form><img src="http://example.com/a.png">',
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      '4 scripts, stylesheets, frames or forms load over HTTP on this HTTPS page; browsers block them and the page may break.',
    );
    expect(result.data).toMatchObject({
      insecure_url: expect.arrayContaining([
        { url: 'http://static.example.com/app.js', type: 'script', kind: 'active' },
        { url: 'http://example.com/login', type: 'form', kind: 'active' },
      ]),
    });
  });

  it('only warns when upgrade-insecure-requests is set', () => {
    const html = '<script src="http://example.com/a.js"></script>';
    expect(run(html, { headers: { 'content-security-policy': 'upgrade-insecure-requests' } }).status).toBe(
      'warning',
    );
    const meta = run(
      `<meta http-equiv="Content-Security-Policy" content="default-src https:; upgrade-insecure-requests">${html}`,
    );
    expect(meta.status).toBe('warning');
    expect(meta.message).toContain('upgrade-insecure-requests makes browsers fetch them over HTTPS');
  });
});
