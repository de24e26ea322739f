import { describe, expect, it } from 'vitest';
import type { RenderedAnchor } from '../artifacts';
import { parseDocument } from '../gather/document';
import { browserArtifact, renderedAnchor } from '../testing/artifacts';
import { crawlableAnchors } from './crawlable-anchors';
import { format } from './define-check';

const run = (body: string, anchors?: RenderedAnchor[]) => {
  const document = parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/');
  // The browser run is optional: handed over only when the checkup had one.
  const artifacts = anchors ? { document, browser: browserArtifact({ anchors }) } : { document };
  return crawlableAnchors.evaluate(artifacts, { format });
};

describe('crawlable-anchors', () => {
  it('passes real links, fragments and mail/phone links', () => {
    const result = run(
      '<a href="/about">About</a><a href="https://other.example/">Other</a><a href="#top">Top</a><a href="mailto:hi@example.com">Mail</a><a href="tel:+123">Call</a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('All 5 links have an href that crawlers can follow.');
    expect(result.data).toEqual({ uncrawlable_links: [] });
  });

  it('ignores named anchors and links acting as buttons', () => {
    const result = run('<a name="section"></a><a role="button" onclick="open()">Menu</a>');
    // Nothing left to judge: not applicable, not a pass.
    expect(result.status).toBe('skipped');
    expect(result.message).toBe('The page has no links to check.');
  });

  it('warns about javascript:, empty, file:, onclick-only and other schemes', () => {
    const result = run(
      '<a href="javascript:void(0)">Menu</a><a href="">Empty</a><a href="file:///C:/doc.pdf">Doc</a><a onclick="go()"><img alt="Go"></a><a href="ftp://files.example/">FTP</a><a href="/ok">Fine</a>',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '5 of 6 links cannot be followed by crawlers (no http(s) href): javascript: href, empty href, file: href, onclick without href, non-web scheme.',
    );
    expect(result.data).toEqual({
      uncrawlable_links: [
        { href: 'javascript:void(0)', text: 'Menu', reason: 'javascript' },
        { href: '', text: 'Empty', reason: 'empty_href' },
        { href: 'file:///C:/doc.pdf', text: 'Doc', reason: 'file' },
        { href: null, text: 'Go', reason: 'onclick_only' },
        { href: 'ftp://files.example/', text: 'FTP', reason: 'unsupported_scheme' },
      ],
    });
  });

  it('warns about an href that is not a valid URL', () => {
    expect(run('<a href="http://[bad">x</a>').data).toMatchObject({
      uncrawlable_links: [{ reason: 'invalid_url' }],
    });
  });

  describe('with the browser run', () => {
    const shop = renderedAnchor({ href: null, text: 'Shop', clickListener: true, selector: 'a#js' });

    it('reports an anchor without href that a click or mousedown listener makes a link', () => {
      const press = renderedAnchor({ href: null, text: 'Press kit', clickListener: true });
      const result = run('<a href="/x">Beans</a><a id="js">Shop</a><a id="press">Press kit</a>', [
        shop,
        press,
        renderedAnchor({ href: '/x', text: 'Beans' }),
      ]);
      expect(result.status).toBe('warning');
      expect(result.message).toBe(
        '2 of 3 links cannot be followed by crawlers (no http(s) href): click handler without href.',
      );
      expect(result.data).toEqual({
        uncrawlable_links: [
          { href: null, text: 'Shop', reason: 'listener_only' },
          { href: null, text: 'Press kit', reason: 'listener_only' },
        ],
      });
    });

    it('passes placeholders, buttons and real links, whatever listens to them', () => {
      const result = run('<a href="/x">Beans</a><a id="top">Top</a><a role="button">Menu</a>', [
        renderedAnchor({ href: '/x', text: 'Beans' }),
        renderedAnchor({ href: null, text: 'Top', clickListener: false }),
        renderedAnchor({ href: null, text: 'Menu', role: 'button', clickListener: true }),
      ]);
      expect(result.status).toBe('passed');
      expect(result.message).toBe('The one link has an href that crawlers can follow.');
    });

    it('lists a link the HTML already shows once, and adds the ones scripts made', () => {
      const result = run(
        '<a onclick="go()">Go</a><a href="javascript:void(0)">Menu</a><a href="javascript:void(0)">Cart</a>',
        [
          renderedAnchor({ href: null, text: 'Go', onclickAttribute: true, clickListener: true }),
          // A script renamed this one; it is still the HTML's link, not a second one.
          renderedAnchor({ href: 'javascript:void(0)', text: 'Menu (3)', clickListener: true }),
          renderedAnchor({ href: 'javascript:void(0)', text: 'Cart', clickListener: true }),
          // Added by a script: not in the HTML.
          renderedAnchor({ href: 'javascript:void(0)', text: 'Wishlist', clickListener: true }),
          shop,
        ],
      );
      expect(result.message).toBe(
        '5 of 5 links cannot be followed by crawlers (no http(s) href): onclick without href, javascript: href, click handler without href.',
      );
      expect(result.data).toEqual({
        uncrawlable_links: [
          { href: null, text: 'Go', reason: 'onclick_only' },
          { href: 'javascript:void(0)', text: 'Menu', reason: 'javascript' },
          { href: 'javascript:void(0)', text: 'Cart', reason: 'javascript' },
          { href: 'javascript:void(0)', text: 'Wishlist', reason: 'javascript' },
          { href: null, text: 'Shop', reason: 'listener_only' },
        ],
      });
    });

    it('judges the HTML alone when the anchors could not be read', () => {
      const document = parseDocument(
        '<html><body><a href="/x">Beans</a></body></html>',
        'https://example.com/',
      );
      const artifacts = { document, browser: browserArtifact({ anchors: null }) };
      expect(crawlableAnchors.evaluate(artifacts, { format }).status).toBe('passed');
    });
  });
});
