import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { plaintextEmails } from './plaintext-emails';

const run = (body: string, head = '') =>
  plaintextEmails.evaluate(
    {
      document: parseDocument(
        `<html><head>${head}</head><body>${body}</body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );

describe('plaintext-emails', () => {
  it('passes a page without addresses, ignoring retina images, placeholders, code and URLs with credentials', () => {
    const result = run(
      '<img src="logo@2x.png" srcset="hero@3x.webp 3x"><input type="email" placeholder="you@example.com"><p>Write to hello [at] woodline [dot] shop</p><script>import("lodash@4.17.21"); const dsn = "https://abc@o1.ingest.sentry.io/2";</script><div data-dsn="https://key@o1.ingest.sentry.io/3"></div><style>.a{background:url(bg@2x.jpg)}</style>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('No e-mail address appears in plain text.');
    expect(result.data).toEqual({ emails: [] });
  });

  it('warns about addresses in text, mailto links, entities, meta tags and JSON-LD, once each', () => {
    const result = run(
      '<p>Mail <a href="mailto:Sales@Woodline.shop?subject=Hi">sales@woodline.shop</a> or jobs&#64;woodline.shop.</p><script type="application/ld+json">{"email":"info@woodline.co.uk"}</script><!-- built by dev@agency.studio -->',
      '<meta name="author" content="Ann Lee <ann.lee@mail.woodline.shop>">',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '5 e-mail addresses appear in plain text (ann.lee@mail.woodline.shop, sales@woodline.shop, jobs@woodline.shop); spam bots harvest them from the page.',
    );
    expect(result.data).toEqual({
      emails: [
        'ann.lee@mail.woodline.shop',
        'sales@woodline.shop',
        'jobs@woodline.shop',
        'info@woodline.co.uk',
        'dev@agency.studio',
      ],
    });
  });
});
