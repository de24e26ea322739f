import { describe, expect, it } from 'vitest';
import { splitUrl } from '../competitor-url';
import { competitorUrls, domainProblem, simulatedProgress } from './wizard-model';

const website = { domain: 'example.com' } as never;

describe('the wizard rules', () => {
  it('checks the domain as the spec says', () => {
    expect(domainProblem('https://www.Example.com/path', [])).toBeNull();
    expect(domainProblem('not a domain', [])).toBe('Invalid domain');
    expect(domainProblem('www.example.com', [website])).toBe('You already monitor this domain!');
  });

  it('keeps non-empty valid competitors once, without the homepage', () => {
    const entries = [
      { scheme: 'https://', domain: 'Rival.com' },
      { scheme: 'https://', domain: '' },
      { scheme: 'http://', domain: 'https://rival.com' },
      { scheme: 'https://', domain: 'example.com' },
      { scheme: 'http://', domain: 'other.org/shop' },
    ];
    expect(competitorUrls(entries, 'https://example.com/')).toEqual([
      'https://rival.com',
      'http://other.org/shop',
    ]);
    expect(splitUrl('http://rival.com/')).toEqual({ scheme: 'http://', domain: 'rival.com' });
    expect(splitUrl('https://rival.com/shop/')).toEqual({ scheme: 'https://', domain: 'rival.com/shop/' });
  });

  it('rises toward 100 % without reaching it', () => {
    expect(simulatedProgress(0)).toBe(0);
    expect(simulatedProgress(10_000)).toBe(50);
    expect(simulatedProgress(10 * 60_000)).toBe(99);
  });
});
