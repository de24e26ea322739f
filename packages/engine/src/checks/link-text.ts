import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, ElementNode } from '../html/dom';
import { pageLanguage } from '../html/page-language';
import { elementText, textBlocks } from '../html/text';
import { resolveHttpUrl, withoutHash } from '../html/url';
import { defineCheck, notApplicable, passed, warning } from './define-check';

/** Defaults an operator may tune: how many links the result lists. */
export const thresholds = { maxListed: 100 };

/**
 * Anchor texts that say nothing about the target, by language (ISO 639-1). A link is judged
 * against its own language's list and English, since English phrases turn up on every site; a
 * word generic in one language can be meaningful in another (French "hier" is "yesterday").
 */
export const GENERIC_LINK_TEXT: Readonly<Record<string, string>> = {
  en: 'click here|click|click this|here|right here|go here|tap here|this|this link|this page|link|read more|more|learn more|more info|more information|information|info|go|start|continue|continue reading|details|more details|see more|view more|find out more|see here|read this|check it out|full story|keep reading',
  de: 'hier|hier klicken|klicken sie hier|klick hier|mehr|mehr lesen|weiterlesen|weiter|mehr erfahren|mehr infos|mehr info|mehr informationen|zum artikel|dieser link|link|details',
  fr: "ici|cliquez ici|cliquer ici|clique ici|en savoir plus|lire la suite|lire plus|plus|plus d'infos|plus d'informations|suite|voir plus|lien|ce lien|détails|continuer",
  es: 'aquí|haga clic aquí|haz clic aquí|pulse aquí|pincha aquí|leer más|más|más información|ver más|seguir leyendo|saber más|enlace|este enlace|detalles|continuar',
  it: 'qui|clicca qui|fai clic qui|leggi di più|leggi tutto|continua a leggere|altro|di più|scopri di più|maggiori informazioni|più informazioni|dettagli|vedi di più|link',
  pt: 'aqui|clique aqui|clica aqui|leia mais|ler mais|saiba mais|mais|mais informações|ver mais|continuar lendo|detalhes|link',
  nl: 'hier|klik hier|lees meer|meer|meer info|meer informatie|verder lezen|lees verder|bekijk meer|link|details',
  pl: 'tutaj|tu|kliknij tutaj|kliknij tu|kliknij|więcej|czytaj więcej|dowiedz się więcej|szczegóły|link',
  ru: 'здесь|тут|нажмите здесь|подробнее|читать далее|читать дальше|далее|ещё|больше|ссылка|узнать больше',
  sv: 'här|klicka här|läs mer|mer|mer info|mer information|länk',
  da: 'her|klik her|læs mere|mere|link',
  no: 'her|klikk her|les mer|mer|lenke',
  fi: 'tästä|klikkaa tästä|lue lisää|lisää|linkki',
  cs: 'zde|tady|klikněte zde|více|číst dále|podrobnosti|odkaz',
  tr: 'buraya tıklayın|tıklayın|burada|devamını oku|daha fazla|detaylar|bağlantı',
  ja: 'こちら|ここ|ここをクリック|詳細|続きを読む|もっと見る|詳しくはこちら|リンク',
  zh: '点击这里|点击此处|这里|更多|了解更多|阅读更多|详情|链接|點擊這裡|點擊此處|這裡|閱讀更多|詳情|連結',
  ko: '여기|여기를 클릭|더 보기|더보기|자세히 보기|더 알아보기|링크',
};
/** Codes that share another language's list. */
const SAME_LIST: Readonly<Record<string, string>> = { nb: 'no', nn: 'no' };

const messages = {
  issues: '{issues}; anchor text should say where the link goes.',
  generic: 'links with generic text such as "{example}": {count}',
  empty: 'links with no text: {count}',
  listed: ' The first {listed} are listed.',
  ok: '{total?The one followed link has|All # followed links have} descriptive text.',
  none: 'The page has no followed links to check.',
};

/**
 * The text as the lists are written: lower case, accents and the punctuation around the words
 * ("Read more »", "→ More", "Learn more…") dropped, so "LEER MAS" matches "leer más".
 */
const normalize = (text: string, lang: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLocaleLowerCase(lang)
    .replace(/[’ʼ]/g, "'")
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .replace(/\s+/g, ' ');

const GENERIC = new Map(
  Object.entries(GENERIC_LINK_TEXT).map(([lang, phrases]) => [
    lang,
    new Set(phrases.split('|').map((phrase) => normalize(phrase, lang))),
  ]),
);

/** True when `text` is generic in `lang` or in English. */
function isGeneric(text: string, lang: string): boolean {
  const list = SAME_LIST[lang] ?? lang;
  return [list, 'en'].some((code) => GENERIC.get(code)?.has(normalize(text, code)) ?? false);
}

/** The primary subtag of a well-formed `lang` value ("de" for "de-AT"), or null. */
const primaryLanguage = (value: string | undefined) => {
  const code = (value ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(code) ? code : null;
};

/** Where a link's text is a term, not a phrase about the target: a book's index, or code. */
const TERM_CONTEXT =
  '.index, .indexdiv, .indextable, .genindextable, .bookindex, #index, code, kbd, samp, var';

/** Elements inside which a link names a term; looked up once a page, not once a link. */
const termContexts = ($: CheerioAPI) => new Set<AnyNode>($(TERM_CONTEXT).toArray());

const CODE_CHILDREN = new Set(['code', 'kbd', 'samp', 'var']);

/**
 * A link that names a term, such as "CONTINUE" in a book index of SQL statements (`a.indexterm`
 * in DocBook, Sphinx's `genindextable`), or the statement itself in code: the word is its target's
 * name, so it says where the link goes.
 */
function namesATerm(link: ElementNode, contexts: ReadonlySet<AnyNode>): boolean {
  if ((link.attribs.class ?? '').split(/\s+/).includes('indexterm')) return true;
  for (let node: AnyNode | null = link; node; node = node.parent) if (contexts.has(node)) return true;
  return link.children.some((child) => 'name' in child && CODE_CHILDREN.has(child.name.toLowerCase()));
}

/** The `lang` attribute of the element or its nearest ancestor that has one. */
function nearestLang(element: ElementNode): string | undefined {
  for (let node: AnyNode | null = element; node; node = node.parent)
    if ('attribs' in node && node.attribs.lang !== undefined) return node.attribs.lang;
  return undefined;
}

export const linkText = defineCheck({
  key: 'link-text',
  title: 'Descriptive anchor text',
  category: 'links-crawlability',
  relevance: 5,
  scope: 'page',
  requires: ['document'],
  description:
    'Search engines read a link’s text to learn what the target page is about, and people using screen readers often jump from link to link. Texts like “click here” or “read more”, or links with no text at all, tell neither anything.',
  recommendation: 'Write link text that names the target, e.g. “pricing for teams” instead of “click here”.',
  howToFix:
    'Rewrite generic links so the text describes the destination: <code>&lt;a href="/pricing"&gt;See our pricing&lt;/a&gt;</code> instead of <code>Click &lt;a href="/pricing"&gt;here&lt;/a&gt;</code>. For repeated “read more” links on article lists, link the article title instead, or include it: <code>Read more about oak care</code>. For image links, describe the target in the image’s <code>alt</code> text.',
  evaluate({ document: { $, url: pageUrl, baseUrl } }, { format }) {
    const page = withoutHash(pageUrl);
    // A link's language is the nearest lang attribute, else the page's (declared or detected).
    let pageLang: string | undefined;
    const languageOf = (el: ElementNode) => {
      const own = primaryLanguage(nearestLang(el));
      if (own) return own;
      pageLang ??= pageLanguage($, textBlocks($).join('\n')).lang;
      return pageLang;
    };

    const found: { href: string; text: string; kind: 'generic' | 'empty' }[] = [];
    let total = 0;
    // Looked up on the first generic text: most pages have none.
    let contexts: ReadonlySet<AnyNode> | undefined;
    const isTerm = (el: ElementNode) => {
      if (!contexts) contexts = termContexts($);
      return namesATerm(el, contexts);
    };
    $('a[href]').each((_, el) => {
      const rel = (el.attribs.rel ?? '').toLowerCase().split(/\s+/);
      const href = resolveHttpUrl(el.attribs.href, baseUrl);
      // Same-page jumps (#section) pass no signal to another page.
      if (!href || rel.includes('nofollow') || (href.includes('#') && withoutHash(href) === page)) return;
      total++;
      // The visible text; an image's alt stands in only for a link with no text of its own.
      const text = elementText($, el) || elementText($, el, { imageAlt: true });
      if (!text) {
        if (el.attribs['aria-label']?.trim() || el.attribs.title?.trim()) return;
        found.push({ href, text: '', kind: 'empty' });
      } else if (isGeneric(text, languageOf(el)) && !isTerm(el)) found.push({ href, text, kind: 'generic' });
    });
    const data = {
      non_descriptive_links: found.slice(0, thresholds.maxListed).map(({ href, text }) => ({ href, text })),
    };
    // No link: nothing to judge (not a pass a page earns).
    if (total === 0) return notApplicable(messages.none, data);
    if (found.length === 0) return passed(format(messages.ok, { total }), data);
    const generic = found.filter(({ kind }) => kind === 'generic');
    const empty = found.length - generic.length;
    const issues = [
      ...(generic.length
        ? [format(messages.generic, { count: generic.length, example: generic[0]!.text })]
        : []),
      ...(empty ? [format(messages.empty, { count: empty })] : []),
    ].join(', ');
    const listed =
      found.length > thresholds.maxListed ? format(messages.listed, { listed: thresholds.maxListed }) : '';
    return warning(
      format(messages.issues, { issues: issues[0]!.toUpperCase() + issues.slice(1) }) + listed,
      data,
    );
  },
});
