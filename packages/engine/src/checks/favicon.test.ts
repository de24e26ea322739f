import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { resource } from '../testing/artifacts';
import { format } from './define-check';
import { favicon } from './favicon';

const SITE = 'https://example.com';
const ico = (status: number, contentType = 'image/x-icon') =>
  resource(`${SITE}/favicon.ico`, { type: 'icon', initiator: 'favicon.ico', status, contentType });
const declared = (status: number, contentType = 'image/png') =>
  resource(`${SITE}/icon.png`, { type: 'icon', initiator: 'link[rel=icon]', status, contentType });
const run = (head: string, resources: ReturnType<typeof resource>[]) =>
  favicon.evaluate(
    { document: parseDocument(`<html><head>${head}</head></html>`, `${SITE}/`), resources },
    { format },
  );
const LINK = '<link rel="icon" href="/icon.png">';

describe('favicon', () => {
  it('passes a declared icon that loads as an image', () => {
    const result = run(LINK, [declared(200), ico(404, 'text/html')]);
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({ favicon_url: `${SITE}/icon.png` });
  });

  it('passes /favicon.ico on its own', () => {
    expect(run('', [ico(200)])).toMatchObject({
      status: 'passed',
      data: { favicon_url: `${SITE}/favicon.ico` },
    });
  });

  it('warns when the declared icon is broken but /favicon.ico works', () => {
    expect(run(LINK, [declared(404, 'text/html'), ico(200)]).message).toBe(
      `The declared icon ${SITE}/icon.png does not load, but /favicon.ico does; fix or remove the declaration.`,
    );
  });

  it('fails with no working icon (an HTML error page is not an icon)', () => {
    expect(run('', [ico(200, 'text/html')])).toMatchObject({ status: 'failed', data: { favicon_url: null } });
  });
});
