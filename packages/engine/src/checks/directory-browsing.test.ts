import { describe, expect, it } from 'vitest';
import { format } from './define-check';
import { directoryBrowsing } from './directory-browsing';

const probe = (url: string, listing: boolean) => ({
  url,
  status: 200,
  title: listing ? 'Index of /img' : 'Images',
  listing,
});

describe('directory-browsing', () => {
  it('passes folders that show no listing', () => {
    expect(
      directoryBrowsing.evaluate(
        { directoryProbes: { probes: [probe('https://example.com/css/', false)] } },
        { format },
      ),
    ).toEqual({
      status: 'passed',
      message: 'The one asset folder probed shows no directory listing.',
      data: { directory_listing_urls: [] },
    });
  });

  it('fails a folder with an automatic listing', () => {
    const result = directoryBrowsing.evaluate(
      {
        directoryProbes: {
          probes: [probe('https://example.com/img/', true), probe('https://example.com/css/', false)],
        },
      },
      { format },
    );
    expect(result).toEqual({
      status: 'failed',
      message:
        '1 folder(s) show an automatic directory listing, exposing every file in them: https://example.com/img/.',
      data: { directory_listing_urls: ['https://example.com/img/'] },
    });
  });

  it('does not apply when the page has no assets in folders', () => {
    expect(directoryBrowsing.evaluate({ directoryProbes: { probes: [] } }, { format }).status).toBe(
      'skipped',
    );
  });
});
