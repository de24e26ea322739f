import { detectLanguage } from '../html/keywords';
import { textBlocks } from '../html/text';
import { defineCheck, failed, passed, warning } from './define-check';

/**
 * Defaults an operator may tune. Below `minWordsToDetect` words the detected language is not
 * trusted; a text whose function words cover less than `minStopWordShare` of it is probably in a
 * language the detector has no list for (Czech text scores about 13 % as Portuguese, English 50 %).
 */
export const thresholds = { minWordsToDetect: 50, minStopWordShare: 0.25 };

const messages = {
  missing:
    'The <html> element has no lang attribute: screen readers may read the page with the wrong voice, and search engines must guess the language.',
  invalid: 'The lang attribute “{lang}” is not a valid language tag.',
  underscore: 'The lang attribute “{lang}” is not a valid language tag; write {suggestion}, with a hyphen.',
  mismatch: 'The page says it is in {lang}, but its text reads as {detected}.',
  header: 'The page says lang="{lang}", but the server’s Content-Language header says {header}.',
  ok: 'The page declares its language as {lang}{matches}.',
  matches: ', which matches its text',
};

const NAMES = new Intl.DisplayNames(['en'], { type: 'language' });
const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
const languageName = (code: string) => NAMES.of(code) ?? code;

/** The canonical form of a BCP 47 tag with a real language subtag; null when it is not one. */
function canonicalTag(lang: string): string | null {
  try {
    const [tag] = Intl.getCanonicalLocales(lang);
    // `x-…` private use and `i-…` grandfathered tags name no language a crawler understands.
    return tag && /^[a-z]{2,3}(-|$)/i.test(tag) ? tag : null;
  } catch {
    return null;
  }
}

export const htmlLang = defineCheck({
  key: 'html-lang',
  title: 'Document language',
  category: 'common-seo',
  relevance: 6,
  scope: 'page',
  requires: ['document', 'page'],
  description:
    'The <code>lang</code> attribute of <code>&lt;html&gt;</code> names the language of the page as a BCP 47 tag such as <code>en</code> or <code>de-AT</code>. Screen readers choose their voice from it, browsers offer translation from it, and search engines weigh it with other signals to show the page to the right audience.',
  recommendation: 'Declare the page’s real language with a valid lang attribute on <html>.',
  howToFix:
    'Write the language on the root element: <code>&lt;html lang="en"&gt;</code>, with a region when it matters (<code>en-GB</code>, <code>pt-BR</code>; a hyphen, not an underscore). Most CMSs set it from the site’s language setting: make sure each translation sets its own. If the server sends a <code>Content-Language</code> header, make it say the same, or remove it. Mark passages in another language with their own <code>lang</code>, e.g. <code>&lt;blockquote lang="fr"&gt;</code>.',
  evaluate({ document: { $ }, page }, { format }) {
    const lang = ($('html').first().attr('lang') ?? '').trim();
    const detection = detectLanguage(textBlocks($).join('\n'));
    const detected =
      detection &&
      detection.words >= thresholds.minWordsToDetect &&
      detection.share >= thresholds.minStopWordShare
        ? detection.lang
        : null;
    const data = { lang: lang || null, detected_lang: detected };
    if (!lang) return failed(messages.missing, data);

    const tag = canonicalTag(lang);
    if (!tag) {
      const suggestion = lang.includes('_') ? canonicalTag(lang.replace(/_/g, '-')) : null;
      return failed(
        suggestion ? format(messages.underscore, { lang, suggestion }) : format(messages.invalid, { lang }),
        data,
      );
    }
    if (detected && primary(tag) !== detected)
      return warning(
        format(messages.mismatch, { lang: languageName(primary(tag)), detected: languageName(detected) }),
        data,
      );
    // Content-Language may list several languages; it conflicts only when none of them is the page's.
    const header = page.headers['content-language']?.trim();
    const headerLanguages = (header ?? '').split(',').map(primary).filter(Boolean);
    if (header && headerLanguages.length > 0 && !headerLanguages.includes(primary(tag)))
      return warning(format(messages.header, { lang, header }), data);
    return passed(format(messages.ok, { lang: tag, matches: detected ? messages.matches : '' }), data);
  },
});
