import { describe, expect, it } from 'vitest';
import { pageArtifact, textFile } from '../testing/artifacts';
import { adsTxt } from './ads-txt';
import { format } from './define-check';

const URL_ = 'https://example.com/ads.txt';
const run = (body: string, overrides = {}, html = '<html></html>') =>
  adsTxt.evaluate(
    { adsTxt: textFile(URL_, body, overrides), page: pageArtifact('https://example.com/', html) },
    { format },
  );

describe('ads-txt', () => {
  it('passes valid records, variables and comments', () => {
    const result = run(
      '# sellers\ncontact=ads@example.com\ngoogle.com, pub-1234567890, DIRECT, f08c47fec0942fa0\nappnexus.com, 1356, RESELLER\n',
    );
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({ ads_txt: { url: URL_, valid: true, errors: [] } });
  });

  it('does not apply without ads.txt and without ads, and warns when ads run without one', () => {
    expect(run('', { status: 404 }).status).toBe('skipped');
    const ads = run(
      '',
      { status: 404 },
      '<script src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"></script>',
    );
    expect(ads.status).toBe('warning');
  });

  it('warns about some invalid lines and fails when none is valid or it is HTML', () => {
    const some = run('google.com, pub-1, DIRECT\nnot a record\n');
    expect(some.status).toBe('warning');
    expect(some.data).toMatchObject({
      ads_txt: { valid: false, errors: [{ line: 2, text: 'not a record' }] },
    });
    expect(run('junk\nmore junk').status).toBe('failed');
    expect(run('<html></html>', { contentType: 'text/html' }).status).toBe('failed');
  });
});
