import { describe, expect, it } from 'vitest';
import { seoData } from '../testing/artifacts';
import { backlinks } from './backlinks';
import { format } from './define-check';

const link = { source: 'https://blog.example/oak', anchor: 'oak tables', rel: '' };

describe('backlinks', () => {
  it('passes a site many domains link to', () => {
    const result = backlinks.evaluate(
      { seoData: seoData({ referringDomains: 42, backlinks: [link], nofollowShare: 0.2 }) },
      { format },
    );
    expect(result).toEqual({
      status: 'passed',
      message: '42 domains link to the site.',
      data: { backlinks_list: [link], referring_domains: 42 },
    });
  });

  it('warns about very few referring domains', () => {
    expect(backlinks.evaluate({ seoData: seoData({ referringDomains: 3 }) }, { format }).message).toContain(
      'Only 3 domains',
    );
  });

  it('warns when most links are nofollow', () => {
    const result = backlinks.evaluate(
      { seoData: seoData({ referringDomains: 50, nofollowShare: 0.9 }) },
      { format },
    );
    expect(result).toMatchObject({
      status: 'warning',
      message: '90 % of the links to the site are nofollow, so they pass little authority.',
    });
  });
});
