import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { commonKeywordsUsage } from './common-keywords-usage';
import { format } from './define-check';

const run = (head: string, body: string, lang = 'en') =>
  commonKeywordsUsage.evaluate(
    {
      document: parseDocument(
        `<html lang="${lang}"><head>${head}</head><body>${body}</body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );

const article =
  '<p>Our handmade oak tables are built in a small workshop. Every oak table is finished by hand.</p>' +
  '<p>Handmade oak tables last for generations, and the workshop repairs them for free.</p>' +
  '<p>Visit the workshop to choose the wood for your oak tables.</p>';

describe('common-keywords-usage', () => {
  it('passes when the top keywords appear in the title, description and headings', () => {
    const result = run(
      '<title>Handmade oak tables – Woodline</title><meta name="description" content="Handmade oak tables from our workshop.">',
      `<h1>Handmade oak tables</h1>${article}`,
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The top keywords (oak, oak tables, handmade oak tables, workshop) appear in the title, the meta description and the headings.',
    );
    expect(result.data).toMatchObject({
      keywords_usage: { title: true, description: true, headings: true },
      lang: 'en',
    });
    expect((result.data!.keywords_frequency as unknown[])[1]).toEqual({
      keyword: 'oak tables',
      count: 4,
      density: 18.18,
      in_title: true,
      in_description: true,
      in_headings: true,
    });
  });

  it('warns when the keywords are missing from one place', () => {
    const result = run(
      '<title>Handmade oak tables – Woodline</title>',
      `<h1>Handmade oak tables</h1>${article}`,
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The top keywords (oak, oak tables, handmade oak tables, workshop) do not appear in the meta description.',
    );
    expect(result.data).toMatchObject({
      keywords_usage: { title: true, description: false, headings: true },
    });
  });

  it('fails when none of the top keywords appear in the title, description or headings', () => {
    const result = run(
      '<title>Welcome</title><meta name="description" content="Hello there.">',
      `<h1>Hi!</h1>${article}`,
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'None of the top 4 keywords (oak, oak tables, workshop, handmade oak tables) appear in the title, the meta description or any heading.',
    );
    expect(result.data).toMatchObject({
      keywords_usage: { title: false, description: false, headings: false },
    });
  });

  it('warns about keyword stuffing on a page with enough words', () => {
    const filler = 'Solid wood furniture lasts longer than cheap veneer boards do today. '.repeat(9);
    const result = run(
      '<title>Oak furniture</title><meta name="description" content="Oak furniture and wood.">',
      `<h1>Oak furniture and wood</h1><p>${filler}</p><p>${'oak '.repeat(12)}</p>`,
    );
    expect(result.status).toBe('warning');
    expect(result.message).toMatch(
      /^"oak" makes up 1\d\.\d+ % of the words; above 5 % reads as keyword stuffing\.$/,
    );
  });

  it('drops the stop-words of the page language', () => {
    const result = run(
      '<title>Eichentische</title>',
      '<p>Die Eichentische und die Stühle sind aus dem Wald. Die Eichentische sind schwer und die Stühle sind leicht.</p>',
      'de-AT',
    );
    const keywords = (result.data!.keywords_frequency as { keyword: string }[]).map(({ keyword }) => keyword);
    expect(result.data).toMatchObject({ lang: 'de' });
    expect(keywords.slice(0, 2)).toEqual(['eichentische', 'stühle']);
    expect(keywords).not.toContain('die');
    expect(keywords).not.toContain('und');
  });

  it('guesses the language from the text when <html lang> is missing', () => {
    const result = commonKeywordsUsage.evaluate(
      {
        document: parseDocument(
          '<p>Les tables en chêne de l’atelier sont faites à la main et les tables durent.</p>',
          'https://example.com/',
        ),
      },
      { format },
    );
    expect(result.data).toMatchObject({ lang: 'fr' });
    expect((result.data!.keywords_frequency as unknown[])[0]).toMatchObject({ keyword: 'tables', count: 2 });
  });

  it('warns when the page has no text', () => {
    const result = run('<title>Gallery</title>', '<img src="a.jpg">');
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The page has no visible text to take keywords from.');
    expect(result.data).toMatchObject({ keywords_frequency: [] });
  });
});
