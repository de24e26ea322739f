import { words } from '../html/keywords';
import { mainContentBlocks } from '../html/main-content';
import { pageLanguage } from '../html/page-language';
import { textBlocks } from '../html/text';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune (SEOnaut flags pages under 200 words; we ask for 300). */
export const thresholds = { goodWords: 300, thinWords: 100, minTextRatio: 10 };

const messages = {
  ok: 'The main content has {words} words; visible text is {ratio} % of the HTML.',
  short:
    'The main content has {words} words; pages under {good} words rarely say enough to rank for more than their name.',
  lowRatio:
    'The main content has {words} words, but visible text is only {ratio} % of the HTML (under {minRatio} %): markup and scripts outweigh the content.',
  thin: 'The main content has only {words} words (under {thin}): search engines may treat the page as thin content.',
};

export const contentLength = defineCheck({
  key: 'content-length',
  title: 'Word count / thin content',
  category: 'keywords-content',
  relevance: 6,
  scope: 'page',
  requires: ['document', 'page'],
  description:
    'Counts the words of the main content (<code>&lt;main&gt;</code> or the article when the page marks one; navigation, header, footer, sidebars, scripts and styles left out) and the share of visible text in the HTML. A page with little text gives search engines little to understand and rank it for.',
  recommendation: 'Give the page at least 300 words of useful, original text.',
  howToFix:
    'Answer the questions a visitor arrives with: what it is, who it is for, how it works, what it costs, how it compares. Add details, examples and images with captions. Merge several thin pages on one topic into one complete page, and mark pages that must stay thin (tag archives, internal search results) <code>noindex</code>. If the text ratio is low, move inline scripts, styles and SVG into separate files and remove markup left over from page builders.',
  evaluate({ document: { $ }, page }, { format }) {
    const text = mainContentBlocks($).join('\n');
    const { lang } = pageLanguage($, text);
    const count = words(text, lang).length;
    const visibleBytes = Buffer.byteLength(textBlocks($).join(' '));
    const ratio = page.bytes > 0 ? Math.round((visibleBytes / page.bytes) * 1000) / 10 : 0;
    const data = { word_count: count, text_html_ratio: ratio };
    const values = {
      words: count,
      ratio,
      good: thresholds.goodWords,
      thin: thresholds.thinWords,
      minRatio: thresholds.minTextRatio,
    };
    if (count < thresholds.thinWords) return failed(format(messages.thin, values), data);
    if (count < thresholds.goodWords) return warning(format(messages.short, values), data);
    if (ratio < thresholds.minTextRatio) return warning(format(messages.lowRatio, values), data);
    return passed(format(messages.ok, values), data);
  },
});
