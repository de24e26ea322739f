import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { renderBlockingResources } from './render-blocking-resources';

const run = (head: string, body = '') =>
  renderBlockingResources.evaluate(
    {
      document: parseDocument(
        `<html><head>${head}</head><body>${body}</body></html>`,
        'https://www.example.com/',
      ),
    },
    { format },
  );

describe('render-blocking-resources', () => {
  it('passes deferred, async, module and non-screen resources', () => {
    const result = run(
      '<script src="/a.js" defer></script><script async src="https://cdn.example.net/b.js"></script><script type="module" src="/c.js"></script><script type="text/template" src="/t.html"></script><link rel="stylesheet" href="/print.css" media="print"><link rel="stylesheet" href="/late.css" media="print" onload="this.media=\'all\'"><link rel="preload" href="/font.woff2" as="font"><script>inline()</script>',
      '<script src="/body.js"></script>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('No script or stylesheet in the <head> holds back the first paint.');
    expect(result.data).toEqual({
      render_blocking_resources: { same_domain: [], other_domains: [] },
      render_blocking_count: 0,
    });
  });

  it('passes a single same-site stylesheet as critical CSS', () => {
    const result = run('<link rel="stylesheet" href="/site.css" media="screen and (min-width: 0)">');
    expect(result.status).toBe('passed');
    expect(result.message).toBe('Only the page’s own stylesheet holds back the first paint.');
    expect(result.data).toMatchObject({
      render_blocking_resources: {
        same_domain: [{ url: 'https://www.example.com/site.css', type: 'stylesheet' }],
      },
    });
  });

  it('warns about one to three blocking resources and splits them by domain', () => {
    const result = run(
      '<link rel="stylesheet" href="/site.css"><script src="https://cdn.example.net/jquery.js"></script><link rel="stylesheet" href="https://fonts.example.net/css" media="all">',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe('3 resources hold back the first paint (scripts: 1, stylesheets: 2).');
    expect(result.data).toEqual({
      render_blocking_resources: {
        same_domain: [{ url: 'https://www.example.com/site.css', type: 'stylesheet' }],
        other_domains: [
          { url: 'https://cdn.example.net/jquery.js', type: 'script' },
          { url: 'https://fonts.example.net/css', type: 'stylesheet' },
        ],
      },
      render_blocking_count: 3,
    });
  });

  it('fails more than three, also without an explicit <head>', () => {
    const result = renderBlockingResources.evaluate(
      {
        document: parseDocument(
          '<script src="/1.js"></script><script src="/2.js"></script><link rel=stylesheet href=/a.css><link rel=stylesheet href=/b.css><p>Hi</p>',
          'https://www.example.com/',
        ),
      },
      { format },
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      '4 resources hold back the first paint (scripts: 2, stylesheets: 2); keep it to 3 or fewer.',
    );
  });

  it('counts blocking="render" even on an async script', () => {
    expect(run('<script async blocking="render" src="/x.js"></script>').data).toMatchObject({
      render_blocking_count: 1,
    });
  });
});
