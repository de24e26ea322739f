import { elementText } from '../html/text';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune (SEO Site Checkup: at most 10 H2). */
export const thresholds = { maxH2: 10 };

const messages = {
  noH1: 'The page has no H1 heading: search engines and screen readers look for one to learn what the page is about.',
  emptyH1: 'The page’s only H1 is empty: search engines and screen readers learn nothing from it.',
  ok: 'One H1 (“{h1}”), {h2} H2 and a clean outline.',
  problems: '{first}{rest}.',
  manyH1: 'the page has {count} H1 headings; one clear H1 says best what the page is about',
  noH2: 'there are no H2 headings to structure the content',
  tooManyH2: 'there are {count} H2 headings (over {max}); group some under fewer sections',
  empty: '{count} heading(s) are empty',
  skipped: 'the outline skips levels ({jumps})',
};

interface Heading {
  level: number;
  text: string;
}

export const headingTags = defineCheck({
  key: 'heading-tags',
  title: 'H1/H2 structure',
  category: 'common-seo',
  relevance: 8,
  scope: 'page',
  requires: ['document'],
  description:
    'Headings give the page its outline: one H1 for the topic, H2 for the main sections, H3 and below inside them. Search engines read them to understand the page, and screen-reader users jump between them.',
  recommendation: 'Use one descriptive H1, then H2 sections, without skipping levels.',
  howToFix:
    'Make the page’s main title the only <code>&lt;h1&gt;</code>. Mark each main section’s title as <code>&lt;h2&gt;</code>, subsections as <code>&lt;h3&gt;</code>, and so on, never jumping from h2 to h4. Use headings for structure, not for looks: make text big with CSS instead. Remove empty heading tags left behind by themes or editors.',
  evaluate({ document: { $ } }, { format }) {
    const headings: Heading[] = $('h1, h2, h3, h4, h5, h6')
      .filter((_, el) => $(el).closest('svg, template').length === 0)
      .toArray()
      .map((el) => ({ level: Number(el.tagName.slice(1)), text: elementText($, el, { imageAlt: true }) }));
    const h1 = headings.filter((h) => h.level === 1).map((h) => h.text);
    const h2 = headings.filter((h) => h.level === 2).map((h) => h.text);
    const data = { h1_list: h1, h2_list: h2, heading_outline: headings };
    if (h1.length === 0) return failed(messages.noH1, data);
    if (h1.length === 1 && !h1[0]) return failed(messages.emptyH1, data);

    const problems: string[] = [];
    if (h1.length > 1) problems.push(format(messages.manyH1, { count: h1.length }));
    if (h2.length === 0) problems.push(messages.noH2);
    if (h2.length > thresholds.maxH2)
      problems.push(format(messages.tooManyH2, { count: h2.length, max: thresholds.maxH2 }));
    const empty = headings.filter((h) => !h.text).length;
    if (empty > 0) problems.push(format(messages.empty, { count: empty }));
    // A jump down (h2 → h4) breaks the outline; going back up (h4 → h2) closes sections and is fine.
    const jumps = new Set<string>();
    headings.forEach((h, i) => {
      const previous = headings[i - 1]?.level;
      if (previous !== undefined && h.level > previous + 1) jumps.add(`h${previous}→h${h.level}`);
    });
    if (jumps.size > 0) problems.push(format(messages.skipped, { jumps: [...jumps].join(', ') }));
    if (problems.length > 0) {
      const sentence = problems.join('; ');
      return warning(
        format(messages.problems, { first: sentence.charAt(0).toUpperCase(), rest: sentence.slice(1) }),
        data,
      );
    }
    return passed(format(messages.ok, { h1: h1[0]!, h2: h2.length }), data);
  },
});
