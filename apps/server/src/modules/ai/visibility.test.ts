import type { PromptAnswer } from '@sitelens/contracts';
import { describe, expect, it } from 'vitest';
import { extractCitations, searchPromptOf, visibilityFigures } from './visibility';

describe('the sites an answer cites', () => {
  it('reads markdown links, bare URLs and names with a public suffix, once per site, in order', () => {
    const text = `Try [Clay Shop](https://www.clayshop.org/mugs). Many people like https://potterymag.com/best-mugs, and
      acme.example.com has good guides. See also clayshop.org again, readme.txt, or write to help@mailer.com.`;
    expect(extractCitations(text, 'acme.example.com')).toEqual([
      { domain: 'clayshop.org', url: 'https://www.clayshop.org/mugs', title: 'Clay Shop' },
      { domain: 'potterymag.com', url: 'https://potterymag.com/best-mugs', title: 'potterymag.com' },
      { domain: 'acme.example.com', url: 'https://acme.example.com', title: 'acme.example.com' },
    ]);
  });

  it('counts a subdomain of the website as the website', () => {
    expect(extractCitations('The blog at https://blog.acme.com/post is good.', 'acme.com')).toEqual([
      { domain: 'acme.com', url: 'https://blog.acme.com/post', title: 'acme.com' },
    ]);
  });
});

const answer = (sample: number, domains: string[]): PromptAnswer => ({
  engine: 'm',
  sample,
  response: domains.join(' '),
  results: domains.map((domain) => ({ domain, url: `https://${domain}/`, title: domain })),
});

describe('visibility figures', () => {
  // Two questions, two samples each: sample 0 cites me in both answers, sample 1 in neither.
  const answers = [
    answer(0, ['me.com', 'big.com']),
    answer(0, ['me.com', 'big.com', 'small.com']),
    answer(1, ['big.com']),
    answer(1, ['big.com', 'small.com']),
  ];

  it('gives the share of answers citing a site, its share of all citations, and their spread over samples', () => {
    const figures = visibilityFigures(answers, 2, 'me.com', []);
    // 2 of 4 answers; 2 of 8 citations. Sample 0: 2/2 and 2/5; sample 1: none.
    expect(figures.visibility_score).toEqual({ value: 50, min: 0, max: 100 });
    expect(figures.share_of_voice).toEqual({ value: 25, min: 0, max: 40 });
    expect(
      figures.top_websites.map((site) => [site.domain, site.visibility_score, site.share_of_voice]),
    ).toEqual([
      ['big.com', 100, 50],
      ['me.com', 50, 25],
      ['small.com', 50, 25],
    ]);
    expect(figures.top_websites.find((site) => site.is_target)?.domain).toBe('me.com');
    // Without competitors of its own, the range is the other top websites'.
    expect(figures.competitor_range).toEqual({ min: 50, max: 100 });
  });

  it('takes the range from the website’s own competitors when it lists some, cited or not', () => {
    expect(visibilityFigures(answers, 2, 'me.com', ['small.com', 'absent.com']).competitor_range).toEqual({
      min: 0,
      max: 50,
    });
  });

  it('keeps the website in the table even when no answer cites it', () => {
    const figures = visibilityFigures([answer(0, ['big.com'])], 1, 'me.com', []);
    expect(figures.visibility_score).toEqual({ value: 0, min: 0, max: 0 });
    expect(figures.top_websites.at(-1)).toMatchObject({
      domain: 'me.com',
      is_target: true,
      visibility_score: 0,
    });
  });

  it('lists a question’s cited sites, the most cited first, and how many answers cite the website', () => {
    const prompt = searchPromptOf('best mugs?', answers.slice(0, 2), 'me.com');
    expect(prompt.results.map((result) => [result.domain, result.answers])).toEqual([
      ['big.com', 2],
      ['me.com', 2],
      ['small.com', 1],
    ]);
    expect(prompt.target_cited).toBe(2);
    expect(prompt.query_response).toBe('me.com big.com');
  });
});
