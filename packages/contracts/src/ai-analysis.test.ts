import { describe, expect, it } from 'vitest';
import { shareOfVoiceStatus, trustBand, trustScore } from './ai-analysis';

const metrics = (topical: number, expertise: number, credibility: number) => ({
  topical_relevance: { value: topical },
  subject_expertise: { value: expertise },
  credibility: { value: credibility },
});

describe('Content Trust Score (spec 9)', () => {
  it('weighs topical relevance 50 %, subject expertise 25 % and credibility 25 %', () => {
    expect(trustScore(metrics(100, 0, 0))).toBe(50);
    expect(trustScore(metrics(0, 100, 0))).toBe(25);
    expect(trustScore(metrics(0, 0, 100))).toBe(25);
    expect(trustScore(metrics(80, 60, 40))).toBe(65);
    expect(trustScore(metrics(71, 70, 70))).toBe(71);
  });

  it('is red under 50, amber from 50 to 79, green from 80', () => {
    expect([0, 49, 50, 79, 80, 100].map(trustBand)).toEqual([
      'red',
      'red',
      'amber',
      'amber',
      'green',
      'green',
    ]);
  });
});

describe('share of voice colour (spec 9)', () => {
  it('passes at 75 % of the top domain’s share or more, warns from 50 %, fails below', () => {
    expect(shareOfVoiceStatus(40, 40)).toBe('passed');
    expect(shareOfVoiceStatus(30, 40)).toBe('passed');
    expect(shareOfVoiceStatus(29.9, 40)).toBe('warning');
    expect(shareOfVoiceStatus(20, 40)).toBe('warning');
    expect(shareOfVoiceStatus(19.9, 40)).toBe('failed');
    expect(shareOfVoiceStatus(0, 40)).toBe('failed');
  });

  it('fails when nobody is cited at all', () => {
    expect(shareOfVoiceStatus(0, 0)).toBe('failed');
  });
});
