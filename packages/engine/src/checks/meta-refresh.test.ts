import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { metaRefresh } from './meta-refresh';

const run = (head: string) =>
  metaRefresh.evaluate(
    { document: parseDocument(`<html><head>${head}</head><body></body></html>`, 'https://example.com/old') },
    { format },
  );

describe('meta-refresh', () => {
  it('passes a page without one', () => {
    expect(run('<meta charset="utf-8"><meta http-equiv="content-type" content="text/html">')).toEqual({
      status: 'passed',
      message: 'The page does not reload or redirect itself with a meta refresh.',
      data: { meta_refresh_tag_content: null },
    });
  });

  it('warns about an instant redirect, resolving the target', () => {
    expect(run('<meta http-equiv="Refresh" content="0; url=/new">')).toEqual({
      status: 'warning',
      message:
        'The page redirects instantly with a meta refresh to https://example.com/new; a server redirect (301 or 308) passes the page’s value to the new address more reliably.',
      data: { meta_refresh_tag_content: '0; url=/new' },
    });
    expect(run('<meta http-equiv="refresh" content="0;URL=\'https://example.org/\'">').message).toContain(
      'to https://example.org/;',
    );
  });

  it('fails a timed redirect', () => {
    expect(run('<meta http-equiv="refresh" content="5; URL=\'https://example.com/next\'">')).toEqual({
      status: 'failed',
      message:
        'The page sends visitors to https://example.com/next after 5 s with a meta refresh: they may start reading and then lose the page, and search engines may not follow it as a redirect.',
      data: { meta_refresh_tag_content: "5; URL='https://example.com/next'" },
    });
  });

  it('fails a timed reload', () => {
    expect(run('<meta http-equiv="refresh" content="30">')).toMatchObject({
      status: 'failed',
      message:
        'The page reloads itself every 30 s with a meta refresh: visitors lose their place, and it is an accessibility failure (WCAG 2.2.1).',
      data: { meta_refresh_tag_content: '30' },
    });
  });

  it('warns about content browsers cannot read', () => {
    expect(run('<meta http-equiv="refresh" content="soon">')).toMatchObject({
      status: 'warning',
      message:
        'The page has a meta refresh tag with content “soon” that browsers cannot read, so it does nothing; remove it.',
    });
  });
});
