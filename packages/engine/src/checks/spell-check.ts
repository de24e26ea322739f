import type { CheerioAPI } from 'cheerio/slim';
import { type CheckResult, resultOf } from '../evaluate';
import type { AnyNode, ElementNode } from '../html/dom';
import { mainContentBlocks } from '../html/main-content';
import { pageLanguage } from '../html/page-language';
import {
  isKnownWord,
  langVariant,
  type PageSpelling,
  pageVariant,
  suggestFor,
  type Variant,
} from '../text/spelling';
import {
  type CheckContext,
  type CheckOutcome,
  defineCheck,
  failed,
  format,
  notApplicable,
  passed,
  warning,
} from './define-check';

/** Defaults an operator may tune. */
export const thresholds = {
  maxHardErrors: 5,
  /** Words examined, from the top of the main content. */
  maxWords: 5000,
  /** Unique words listed per kind in the result. */
  listed: 20,
  suggestions: 3,
};

const messages = {
  otherLanguage: 'Spelling is checked for English pages; this page is in {lang}.',
  noText: 'The main content has no words to check.',
  ok: 'No spelling mistakes were found in {words?one word|# words}.',
  soft: 'No clear mistakes in {words?one word|# words}; unknown words that look like names, brands or terms ({soft} in all): {list}.',
  some: 'Likely spelling mistakes ({hard} in all): {list}.',
  many: 'The page has {hard} likely spelling mistakes, for example {list}: they cost visitors’ trust.',
};

/** One unknown word, with how often the page uses it. */
export interface SpellingIssue {
  word: string;
  count: number;
  suggestions?: string[];
}

/**
 * Code, addresses and form fields are not prose: code elements, and elements whose class marks
 * code (Sphinx's `span.pre` and signatures, highlighted listings, `notranslate` literals).
 */
const CODE_TAGS = new Set(['pre', 'code', 'kbd', 'samp', 'var', 'tt', 'address']);
const CODE_CLASSES = new Set([
  'pre',
  'sig',
  'sig-name',
  'sig-param',
  'descname',
  'descclassname',
  'literal',
  'notranslate',
  'code',
  'highlight',
]);
const isNotProse = ({ name, attribs }: ElementNode) => {
  if (CODE_TAGS.has(name) || 'contenteditable' in attribs || attribs.translate === 'no') return true;
  const classes = attribs.class;
  if (!classes) return false;
  return (
    classes.includes('highlight-') ||
    classes.includes('language-') ||
    classes.split(/\s+/).some((name) => CODE_CLASSES.has(name))
  );
};

/**
 * The outermost elements that are not prose, in one walk of the body (a selector of them took a
 * long page more time than the rest of the check); what they hold is not prose either.
 */
function notProse($: CheerioAPI): ElementNode[] {
  const found: ElementNode[] = [];
  const visit = (node: AnyNode) => {
    if (!('attribs' in node)) {
      if ('children' in node) for (const child of node.children) visit(child);
      return;
    }
    if (isNotProse(node)) found.push(node);
    else for (const child of node.children) visit(child);
  };
  visit($.root()[0]!);
  return found;
}

const URLS = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\w+|\b[\w-]+\.(?:com|org|net|io|de|uk|co)\b\S*/gi;
/** Dotted names are code or hosts, not words: `xml.etree`, `sys.stdout`, `str.casefold`. */
const DOTTED = /[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)+/gu;
/** Words, and the identifiers code leaves in prose (`dont_inherit`, `getElementById`), read whole. */
const TOKEN = /\p{L}[\p{L}\p{N}_'-]*/gu;

/** An identifier, not a word: joined with underscores, or with a capital inside (camelCase). */
const isIdentifier = (word: string) => word.includes('_') || /\p{Ll}\p{Lu}/u.test(word);

/**
 * The names the page's code uses (`args` of a signature, `dblink` of a literal): prose that names
 * them ("*args* is a list", "the dblink module") names code, whatever the dictionary says.
 */
function codeNames($: CheerioAPI, code: readonly ElementNode[]): Set<string> {
  const names = new Set<string>();
  for (const element of code)
    for (const name of $(element).text().match(TOKEN) ?? []) names.add(name.toLowerCase());
  return names;
}

/** Capitalised, ALL-CAPS or with digits: probably a name, a brand or a product code. */
const looksLikeName = (word: string) => /^\p{Lu}/u.test(word) || /\p{N}/u.test(word);

export const spellCheck = defineCheck({
  key: 'spell-check',
  title: 'Spelling',
  category: 'keywords-content',
  relevance: 3,
  scope: 'page',
  requires: ['document'],
  description:
    'Checks the words of the main content against an English dictionary (pages in other languages are not checked yet). Lower-case words the dictionary does not know but can correct are likely mistakes; capitalised words, words with digits and acronyms are listed apart, as they are usually names, brands and product codes. Code samples are left out.',
  recommendation:
    'Correct the misspelled words, and check that the names and brands listed are spelled as intended.',
  howToFix:
    'Fix each listed word in the page’s text; the suggestions are the dictionary’s closest matches. Names, brands and technical terms that are spelled correctly need no change. A spell checker in your editor or CMS (or a browser extension) catches most mistakes before publishing.',
  evaluate({ document: { $ } }, { format }) {
    const code = notProse($);
    const blocks = mainContentBlocks($, { exclude: code });
    const text = blocks.join('\n');
    const { lang } = pageLanguage($, text);
    if (lang !== 'en') return notApplicable(format(messages.otherLanguage, { lang }));

    const tokens = (
      text.replace(/[’‘]/g, "'").replace(URLS, ' ').replace(DOTTED, ' ').match(TOKEN) ?? []
    ).slice(0, thresholds.maxWords);
    if (tokens.length === 0) return notApplicable(messages.noText);

    const names = codeNames($, code);
    const counts = new Map<string, number>();
    for (const token of tokens) {
      // Possessives and trailing apostrophes or hyphens are not part of the word.
      const word = token.replace(/'s$/i, '').replace(/['-]+$/, '');
      if ([...word].length < 3 || isIdentifier(word) || names.has(word.toLowerCase())) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const unknownIn = (variant: Variant) => [...counts].filter(([word]) => !isKnownWord(word, variant));
    // Most pages are known word for word in American spelling; the others are read in the
    // spelling the page is written in (its lang region, else most of its words).
    const declared = $('html').attr('lang');
    const american = unknownIn('en-US');
    const reading: PageSpelling =
      american.length > 0
        ? pageVariant(declared, counts.keys())
        : { variant: 'en-US', source: langVariant(declared) === 'en-US' ? 'lang' : 'default' };
    const spelling = reading.variant;
    const unknown = spelling === 'en-US' ? american : unknownIn(spelling);

    const hard: SpellingIssue[] = [];
    const soft: SpellingIssue[] = [];
    for (const [word, count] of unknown.sort((a, b) => b[1] - a[1])) {
      if (looksLikeName(word)) {
        soft.push({ word, count });
        continue;
      }
      // A word one slip away from a dictionary word is a likely mistake; one that is not (jargon,
      // a coined word) is listed apart. A fix that only differs in case ("html") is no misspelling.
      const suggestions = suggestFor(word, spelling, thresholds.suggestions);
      if (suggestions.length === 0 || suggestions.some((s) => s.toLowerCase() === word.toLowerCase()))
        soft.push({ word, count });
      else hard.push({ word, count, suggestions });
    }

    return spellingVerdict(hard, soft, tokens.length, reading, format);
  },
});

/**
 * The spelling the page was read in, and what decided it (PageSpelling's sources), or `site`: it
 * had nothing to go by, and the crawl read its British words by the site's British majority.
 */
type SpellingRead = { variant: Variant; source: PageSpelling['source'] | 'site' };

/** What the check concludes from its likely mistakes and its unknown words (names, jargon). */
function spellingVerdict(
  hard: SpellingIssue[],
  soft: SpellingIssue[],
  words: number,
  /** Absent from results stored before the variant was recorded. */
  reading: SpellingRead | undefined,
  format: CheckContext['format'],
  totals: { hard: number; soft: number } = { hard: hard.length, soft: soft.length },
): CheckOutcome {
  const data = {
    spelling_issues: {
      hard: hard.slice(0, thresholds.listed),
      soft: soft.slice(0, thresholds.listed),
      hard_count: totals.hard,
      soft_count: totals.soft,
      words_checked: words,
      ...(reading && { variant: reading.variant, variant_source: reading.source }),
    },
  };
  const list = (issues: SpellingIssue[]) =>
    issues
      .slice(0, 5)
      .map(({ word, suggestions }) => (suggestions?.[0] ? `"${word}" (${suggestions[0]}?)` : `"${word}"`))
      .join(', ');
  const values = { words, hard: totals.hard, soft: totals.soft };
  if (totals.hard > thresholds.maxHardErrors)
    return failed(format(messages.many, { ...values, list: list(hard) }), data);
  if (totals.hard > 0) return warning(format(messages.some, { ...values, list: list(hard) }), data);
  if (totals.soft > 0) return warning(format(messages.soft, { ...values, list: list(soft) }), data);
  return passed(format(messages.ok, values), data);
}

/** Pages of a crawl that use a word the dictionary does not know before it is the site's own word. */
export const SITE_WORD_PAGES = 3;

/**
 * The page's spelling judged again with what the crawl knows: a word the site uses on several
 * pages (a module, a tool, a product) is the site's vocabulary, not a slip, and is listed with the
 * unknown words; a word the website keeps as its own ("ignore this word") is not listed at all;
 * nor, on a site written mostly in British spelling (`siteVariant`), is a British word of a page
 * that was read in American for want of anything to go by. Returns null when nothing changes.
 */
export function withSiteVocabulary(
  result: CheckResult,
  shared: ReadonlySet<string>,
  ignored: ReadonlySet<string> = new Set(),
  siteVariant?: Variant,
): CheckResult | null {
  if (result.status === 'skipped' || result.status === 'error') return null;
  if (shared.size + ignored.size === 0 && siteVariant !== 'en-GB') return null;
  const issues = result.data.spelling_issues as
    | {
        hard: SpellingIssue[];
        soft: SpellingIssue[];
        hard_count?: number;
        soft_count?: number;
        words_checked?: number;
        variant?: Variant;
        variant_source?: SpellingRead['source'];
      }
    | undefined;
  if (!issues || issues.words_checked === undefined) return null;
  // Results stored before the variant was recorded say nothing of it: left as they are.
  const britishSite =
    siteVariant === 'en-GB' && issues.variant === 'en-US' && issues.variant_source === 'default';
  const dropped = (issue: SpellingIssue) =>
    ignored.has(issue.word.toLowerCase()) || (britishSite && isKnownWord(issue.word, 'en-GB'));
  const moved = issues.hard.filter((issue) => !dropped(issue) && shared.has(issue.word.toLowerCase()));
  const droppedHard = issues.hard.filter(dropped).length;
  const droppedSoft = issues.soft.filter(dropped).length;
  if (moved.length + droppedHard + droppedSoft === 0) return null;
  const hard = issues.hard.filter((issue) => !dropped(issue) && !moved.includes(issue));
  const soft = [
    ...issues.soft.filter((issue) => !dropped(issue)),
    ...moved.map(({ word, count }) => ({ word, count })),
  ];
  const reading: SpellingRead | undefined = britishSite
    ? { variant: 'en-GB', source: 'site' }
    : issues.variant && issues.variant_source
      ? { variant: issues.variant, source: issues.variant_source }
      : undefined;
  return resultOf(
    result.key,
    spellingVerdict(hard, soft, issues.words_checked, reading, format, {
      hard: (issues.hard_count ?? issues.hard.length) - moved.length - droppedHard,
      soft: (issues.soft_count ?? issues.soft.length) + moved.length - droppedSoft,
    }),
  );
}
