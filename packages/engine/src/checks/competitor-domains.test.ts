import { describe, expect, it } from 'vitest';
import { seoData } from '../testing/artifacts';
import { competitorDomains } from './competitor-domains';
import { format } from './define-check';

describe('competitor-domains', () => {
  it('lists up to five domains by authority and never fails', () => {
    const domains = Array.from({ length: 7 }, (_, i) => ({
      domain: `rival${i}.example`,
      common_keywords: 10 + i,
      authority: i * 10,
    }));
    const result = competitorDomains.evaluate(
      { seoData: seoData({ competitorDomains: domains }) },
      { format },
    );
    expect(result.status).toBe('passed');
    expect((result.data!.competitor_domains as { domain: string }[]).map((d) => d.domain)).toEqual([
      'rival6.example',
      'rival5.example',
      'rival4.example',
      'rival3.example',
      'rival2.example',
    ]);
    expect(result.message).toBe(
      '5 domains compete for the same search queries; the strongest is rival6.example.',
    );
  });

  it('says so when there are none', () => {
    expect(competitorDomains.evaluate({ seoData: seoData() }, { format }).message).toContain(
      'found no domains',
    );
  });
});
