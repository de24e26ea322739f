import nspell from 'nspell';
import { describe, expect, it, vi } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { spellCheck, thresholds } from './spell-check';

const run = (main: string, lang: string | null = 'en') =>
  spellCheck.evaluate(
    {
      document: parseDocument(
        `<html${lang ? ` lang="${lang}"` : ''}><body><nav>Hoem Abuot</nav><main>${main}</main></body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );
interface Issues {
  hard: { word: string; count: number; suggestions: string[] }[];
  soft: { word: string; count: number }[];
}
const issues = (result: ReturnType<typeof run>) => result.data?.spelling_issues as Issues;

describe('spell-check', () => {
  it('passes correct English, ignoring the navigation, code, links and e-mail addresses', () => {
    const result = run(
      "<p>We build oak tables and chairs by hand in our workshop. It's hand-made.</p><pre>npm instal sitelnes</pre><p>Write to info@woodlnie.com or see https://woodlnie.com/shpo.</p>",
    );
    expect(result).toEqual({
      status: 'passed',
      message: 'No spelling mistakes were found in 17 words.',
      data: { spelling_issues: { hard: [], soft: [] } },
    });
  });

  it('warns about up to five mistakes, with counts and suggestions', () => {
    const result = run('<p>We build oak tabels and chiars by hand. Our tabels last.</p>');
    expect(result.status).toBe('warning');
    expect(issues(result).hard).toEqual([
      { word: 'tabels', count: 2, suggestions: expect.arrayContaining(['tables']) },
      { word: 'chiars', count: 1, suggestions: expect.arrayContaining(['chairs']) },
    ]);
    expect(issues(result).hard[0]!.suggestions.length).toBeLessThanOrEqual(3);
    expect(result.message).toMatch(
      /^Likely spelling mistakes \(2 in all\): "tabels" \(\w+\?\), "chiars" \(\w+\?\)\.$/,
    );
  });

  it('warns about names, brands, codes and acronyms only as soft issues', () => {
    const result = run('<p>We build oak tables with Woodline tools, the XJ200 router and the QZX jig.</p>');
    expect(result.status).toBe('warning');
    expect(issues(result)).toEqual({
      hard: [],
      soft: [
        { word: 'Woodline', count: 1 },
        { word: 'XJ200', count: 1 },
        { word: 'QZX', count: 1 },
      ],
    });
    expect(result.message).toBe(
      'No clear mistakes in 14 words; unknown words that look like names or brands (3 in all): "Woodline", "XJ200", "QZX".',
    );
  });

  it('treats lower-case words without a suggestion, or only differing in case, as soft', () => {
    const result = run('<p>We write javascript and html for the shop.</p>');
    expect(issues(result).hard).toEqual([]);
    expect(
      issues(result)
        .soft.map((issue) => issue.word)
        .sort(),
    ).toEqual(['html', 'javascript']);
  });

  it('fails more than five mistakes', () => {
    const result = run('<p>Our tabels and chiars are mde wiht gret cair and lovv.</p>');
    expect(result.status).toBe('failed');
    expect(issues(result).hard.length).toBeGreaterThan(5);
    expect(result.message).toContain('likely spelling mistakes, for example "tabels" (');
  });

  it('checks English pages only, declared or detected', () => {
    expect(run('<p>Wir bauen Tische.</p>', 'de')).toEqual({
      status: 'skipped',
      message: 'Spelling is checked for English pages; this page is in de.',
    });
    expect(
      run('<p>Nous fabriquons des tables en chêne dans notre atelier avec le bois de la région.</p>', null),
    ).toEqual({
      status: 'skipped',
      message: 'Spelling is checked for English pages; this page is in fr.',
    });
    expect(run('<p>We build the tables and the chairs by hand in our workshop.</p>', null).status).toBe(
      'passed',
    );
  });

  it('looks a word up once per process, yet counts it against each page’s lookups', () => {
    const alone = run('<p>Our tabels last.</p>');
    expect(issues(alone).hard).toEqual([
      { word: 'tabels', count: 1, suggestions: expect.arrayContaining(['tables']) },
    ]);
    const { maxLookups } = thresholds;
    thresholds.maxLookups = 4;
    const lookups = vi.spyOn(nspell.prototype, 'suggest');
    try {
      // Four other unknown words, each used twice, come first: "tabels" is the fifth, past the
      // lookups a page gets, so it is listed without suggestions although they are known by now.
      const page = '<p>woodde chairz tablle benchez woodde chairz tablle benchez tabels.</p>';
      const crowded = run(page);
      expect(issues(crowded).hard).toContainEqual({ word: 'tabels', count: 1, suggestions: [] });
      expect(lookups.mock.calls.map(([word]) => word).sort()).toEqual([
        'benchez',
        'chairz',
        'tablle',
        'woodde',
      ]);
      // The same page again: its four lookups are answered from memory (`npm run bench -- scale`
      // times both).
      lookups.mockClear();
      expect(run(page)).toEqual(crowded);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
      thresholds.maxLookups = maxLookups;
    }
  });

  it('is not applicable to a page without text', () => {
    expect(run('<img src="/oak.jpg" alt="">').status).toBe('skipped');
  });
});
