import { describe, expect, it } from 'vitest';
import type { NotFoundArtifact } from '../artifacts';
import { pageArtifact } from '../testing/artifacts';
import { custom404 } from './custom-404';
import { format } from './define-check';

const MISSING = 'https://example.com/missing-page-abc';
const FILLER = `<p>${'Our workshop builds oak tables by hand. '.repeat(12)}</p>`;
const BRANDED = `<!DOCTYPE html><html><head><title>Page not found – Woodline</title><link rel="stylesheet" href="/site.css"></head>
<body><h1>We could not find that page</h1><p>Try the <a href="/">home page</a> or the <a href="/tables">oak tables</a>.</p>${FILLER}</body></html>`;
const NGINX = `<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx/1.18.0</center>
<!-- a padding comment, as some servers add to defeat browsers' friendly error pages: ${'-'.repeat(512)} --></body></html>`;
const run = (notFound: Partial<NotFoundArtifact>, pageUrl = 'https://example.com/tables/oak') =>
  custom404.evaluate(
    {
      notFound: {
        url: MISSING,
        status: 404,
        finalUrl: MISSING,
        redirects: [],
        html: BRANDED,
        contentType: 'text/html',
        ...notFound,
      },
      page: pageArtifact(pageUrl),
    },
    { format },
  );

describe('custom-404', () => {
  it('passes a 404 or 410 with a branded page', () => {
    expect(run({})).toEqual({
      status: 'passed',
      message: 'Missing pages answer 404 with a page of the site’s own, with links back in.',
      data: { not_found: { url: MISSING, status: 404, custom: true, soft_404: false } },
    });
    expect(run({ status: 410 })).toMatchObject({
      status: 'passed',
      data: { not_found: { status: 410, custom: true } },
    });
  });

  it('warns about the server’s stock error page', () => {
    const result = run({ html: NGINX });
    expect(result).toEqual({
      status: 'warning',
      message:
        'Missing pages answer 404 with the server’s default error page (“404 Not Found” from the web server): correct for crawlers, but visitors get no way back into the site.',
      data: { not_found: { url: MISSING, status: 404, custom: false, soft_404: false } },
    });
  });

  it('warns about a tiny error page or one without links', () => {
    expect(run({ html: 'Not Found' }).message).toContain('(only 9 bytes)');
    expect(
      run({ html: BRANDED.replace(/<a href="[^"]*">/g, '<b>').replace(/<\/a>/g, '</b>') }).message,
    ).toContain('(no links)');
  });

  it('fails a soft 404', () => {
    expect(run({ status: 200 })).toEqual({
      status: 'failed',
      message:
        'A page that does not exist (https://example.com/missing-page-abc) answers 200 with content: search engines may index endless empty or duplicate pages (a “soft 404”).',
      data: { not_found: { url: MISSING, status: 200, custom: false, soft_404: true } },
    });
  });

  it('fails a redirect to the home page', () => {
    const result = run({
      status: 200,
      finalUrl: 'https://www.example.com/',
      redirects: [{ url: MISSING, status: 302, location: 'https://www.example.com/' }],
    });
    expect(result).toMatchObject({ status: 'failed', data: { not_found: { soft_404: true } } });
    expect(result.message).toContain('redirects to the home page');
  });

  it('accepts a redirect to an error page that answers 404', () => {
    const result = run({
      finalUrl: 'https://example.com/404',
      redirects: [{ url: MISSING, status: 302, location: 'https://example.com/404' }],
    });
    expect(result.status).toBe('passed');
  });

  it('warns about another error status, or no answer', () => {
    expect(run({ status: 500 }).message).toBe(
      'A page that does not exist (https://example.com/missing-page-abc) answers 500 instead of 404 or 410.',
    );
    expect(run({ status: null }).status).toBe('warning');
  });
});
