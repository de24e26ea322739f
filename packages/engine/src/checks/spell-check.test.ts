import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../evaluate';
import { parseDocument } from '../gather/document';
import { suggestFor } from '../text/spelling';
import { format } from './define-check';
import { spellCheck, withSiteVocabulary } from './spell-check';

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
  variant?: string;
  variant_source?: string;
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
      data: {
        spelling_issues: {
          hard: [],
          soft: [],
          hard_count: 0,
          soft_count: 0,
          words_checked: 17,
          variant: 'en-US',
          variant_source: 'default',
        },
      },
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
    const result = run('<p>We build oak tables with Woodlyne tools, the XJ200 router and the QZX jig.</p>');
    expect(result.status).toBe('warning');
    expect(issues(result)).toMatchObject({
      hard: [],
      soft: [
        { word: 'Woodlyne', count: 1 },
        { word: 'XJ200', count: 1 },
        { word: 'QZX', count: 1 },
      ],
    });
    expect(result.message).toBe(
      'No clear mistakes in 14 words; unknown words that look like names, brands or terms (3 in all): "Woodlyne", "XJ200", "QZX".',
    );
  });

  it('treats lower-case words without a suggestion, or only differing in case, as soft', () => {
    const result = run('<p>We write kubectl and html for the shop.</p>');
    expect(issues(result).hard).toEqual([]);
    expect(
      issues(result)
        .soft.map((issue) => issue.word)
        .sort(),
    ).toEqual(['html', 'kubectl']);
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

  it('knows the words a well-edited technical page uses, and leaves code out', () => {
    // Words of the Python and PostgreSQL documentation the dictionary alone called mistakes.
    const result = run(
      '<p>A deferrable constraint is parsable by untrusted code; the schemas, encodings and iterable subclasses of the frontend and the backend name a hostname, pre-existing or not.</p>' +
        '<dl><dt class="sig sig-object py"><span class="sig-name descname"><span class="pre">compile</span></span>(<em class="sig-param"><span class="n"><span class="pre">dont_inherit</span></span></em>)</dt>' +
        '<dd><p>With dont_inherit set, getElementById and the <span class="pre">flgas</span> are code.</p></dd></dl>',
    );
    expect(issues(result)).toMatchObject({ hard: [], soft: [], hard_count: 0, soft_count: 0 });
    expect(result.status).toBe('passed');
  });

  it('reads a page in the spelling it is written in: its lang region, else most of its words', () => {
    const british = '<p>The behaviour of our favourite specialised tools is well documented in colour.</p>';
    expect(run(british, 'en-GB').status).toBe('passed');
    expect(run(british, 'en').status).toBe('passed');
    // Declared American, the British forms are slips one letter away.
    expect(issues(run(british, 'en-US')).hard.map(({ word }) => word)).toEqual(
      expect.arrayContaining(['behaviour', 'favourite']),
    );
    // And a British page still has its real mistakes.
    expect(issues(run('<p>We recieve the colour samples.</p>', 'en-GB')).hard).toEqual([
      { word: 'recieve', count: 1, suggestions: ['receive', 'relieve'] },
    ]);
  });

  it('knows the rarer words of the larger list, and still finds the slips planted among them', () => {
    const result = run(
      '<p>Each instantiation runs iteratively; a deferrable check of the subclasses may recieve teh rows and accomodate them.</p>',
    );
    expect(issues(result).hard.map(({ word, suggestions }) => [word, suggestions[0]])).toEqual([
      ['recieve', 'receive'],
      ['teh', 'the'],
      ['accomodate', 'accommodate'],
    ]);
    expect(issues(result).soft).toEqual([]);
  });

  it('records the spelling the page was read in, and what decided it', () => {
    const spelling = (main: string, lang: string | null) => {
      const { variant, variant_source } = issues(run(main, lang));
      return [variant, variant_source];
    };
    const british = '<p>The behaviour of our favourite tools, in colour: we recieve them.</p>';
    expect(spelling(british, 'en-GB')).toEqual(['en-GB', 'lang']);
    expect(spelling(british, 'en')).toEqual(['en-GB', 'words']);
    expect(spelling('<p>The behavior of our tools: we recieve them.</p>', 'en')).toEqual(['en-US', 'words']);
    // One British word and one American (Oxford spelling): nothing to go by, American by default.
    expect(spelling('<p>We recognize your favourite tools.</p>', 'en')).toEqual(['en-US', 'default']);
    expect(spelling('<p>We build oak tables.</p>', 'en-US')).toEqual(['en-US', 'lang']);
  });

  it('still finds the misspellings people make, with the word they meant first', () => {
    const result = run(
      '<p>Please recieve teh parcel; we can accomodate it, as it occured before untill now.</p>',
    );
    const hard = new Map(issues(result).hard.map(({ word, suggestions }) => [word, suggestions[0]]));
    expect(Object.fromEntries(hard)).toEqual({
      recieve: 'receive',
      teh: 'the',
      accomodate: 'accommodate',
      occured: 'occurred',
      untill: 'until',
    });
  });

  it('suggests in well under 20 ms a word', () => {
    const words = [
      'recieve',
      'accomodate',
      'definately',
      'seperate',
      'occurence',
      'begining',
      'wierd',
      'goverment',
    ];
    suggestFor('warm', 'en-US');
    // This process's CPU time, not the wall clock: a test beside others on a busy machine (CI) is
    // preempted at random, which says nothing of the suggester. The median of eight words.
    const costs = words.map((word) => {
      const started = process.cpuUsage();
      expect(suggestFor(word, 'en-US').length, word).toBeGreaterThan(0);
      const spent = process.cpuUsage(started);
      return (spent.user + spent.system) / 1000;
    });
    expect(costs.sort((a, b) => a - b)[costs.length / 2]).toBeLessThan(20);
  });

  it('is not applicable to a page without text', () => {
    expect(run('<img src="/oak.jpg" alt="">').status).toBe('skipped');
  });
});

describe('withSiteVocabulary', () => {
  it('lists a word the site uses on several pages with the unknown words, and judges the page again', () => {
    const page = run('<p>Each btree index has a btree page; we recieve them.</p>');
    const own = { key: 'spell-check', ...page } as CheckResult;
    expect(issues(page).hard.map(({ word }) => word)).toEqual(['btree', 'recieve']);
    const again = withSiteVocabulary(own, new Set(['btree']))!;
    expect(again).toMatchObject({
      status: 'warning',
      message: 'Likely spelling mistakes (1 in all): "recieve" (receive?).',
      data: {
        spelling_issues: {
          hard: [{ word: 'recieve', count: 1 }],
          soft: [{ word: 'btree', count: 2 }],
          hard_count: 1,
          soft_count: 1,
        },
      },
    });
    // Nothing of the site's vocabulary on the page: nothing changes.
    expect(withSiteVocabulary(own, new Set(['hstore']))).toBeNull();
    const clean = withSiteVocabulary(
      { key: 'spell-check', ...run('<p>Each btree index has a btree page.</p>') } as CheckResult,
      new Set(['btree']),
    );
    expect(clean).toMatchObject({
      status: 'warning',
      message:
        'No clear mistakes in 7 words; unknown words that look like names, brands or terms (1 in all): "btree".',
    });
  });

  it('reads the British words of a page with nothing to go by in the site’s British spelling', () => {
    // Oxford spelling: one -our word, one -ize word; read in American, "favourite" is a slip.
    const page = run('<p>We recognize your favourite tools and recieve them.</p>');
    const own = { key: 'spell-check', ...page } as CheckResult;
    expect(issues(page).hard.map(({ word }) => word)).toEqual(['favourite', 'recieve']);
    const again = withSiteVocabulary(own, new Set(), new Set(), 'en-GB')!;
    expect(again).toMatchObject({
      status: 'warning',
      message: 'Likely spelling mistakes (1 in all): "recieve" (receive?).',
      data: {
        spelling_issues: {
          hard: [{ word: 'recieve', count: 1 }],
          soft: [],
          hard_count: 1,
          soft_count: 0,
          variant: 'en-GB',
          variant_source: 'site',
        },
      },
    });
    // An American site, or none decided: nothing changes.
    expect(withSiteVocabulary(own, new Set(), new Set(), 'en-US')).toBeNull();
    expect(withSiteVocabulary(own, new Set(), new Set())).toBeNull();
    // A page its words or its lang region decided American keeps its British word a slip.
    for (const decided of [
      run('<p>The behavior and color of your favourite tools.</p>'),
      run('<p>We recognize your favourite tools.</p>', 'en-US'),
    ]) {
      expect(issues(decided).hard.map(({ word }) => word)).toEqual(['favourite']);
      expect(
        withSiteVocabulary({ key: 'spell-check', ...decided } as CheckResult, new Set(), new Set(), 'en-GB'),
      ).toBeNull();
    }
    // A result stored before the variant was recorded says nothing of it: left as it is.
    const { variant: _variant, variant_source: _source, ...stored } = issues(page);
    expect(
      withSiteVocabulary(
        { ...own, data: { spelling_issues: stored } } as CheckResult,
        new Set(),
        new Set(),
        'en-GB',
      ),
    ).toBeNull();
  });
});
