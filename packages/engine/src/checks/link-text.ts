import { elementText } from '../html/text';
import { resolveHttpUrl, withoutHash } from '../html/url';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: how many links the result lists. */
export const thresholds = { maxListed: 100 };

// Anchor texts that say nothing about the target, in the languages most sites use.
const GENERIC = new Set(
  [
    'click here|click|click this|here|right here|go here|tap here|this|this link|this page|link|read more|more|learn more|more info|more information|information|info|go|start|continue|continue reading|details|more details|see more|view more|find out more|see here|read this|check it out|full story|keep reading',
    'hier|hier klicken|klicken sie hier|mehr|mehr lesen|weiterlesen|weiter|mehr erfahren|mehr infos|mehr info|mehr informationen|zum artikel',
    "ici|cliquez ici|cliquer ici|en savoir plus|lire la suite|lire plus|plus d'infos|plus d'informations|suite|voir plus|lien|détails|continuer",
    'aquí|aqui|haga clic aquí|haz clic aquí|pulse aquí|pincha aquí|leer más|más|más información|ver más|seguir leyendo|saber más|enlace|detalles|continuar',
    'clique aqui|leia mais|ler mais|saiba mais|mais|mais informações|ver mais|continuar lendo|detalhes',
    'qui|clicca qui|fai clic qui|leggi di più|leggi tutto|continua a leggere|altro|scopri di più|maggiori informazioni|più informazioni|dettagli|vedi di più',
    'klik hier|lees meer|meer|meer info|meer informatie|verder lezen|lees verder|bekijk meer',
    'tutaj|tu|kliknij tutaj|kliknij|więcej|czytaj więcej|dowiedz się więcej|szczegóły',
    'здесь|тут|нажмите здесь|подробнее|читать далее|читать дальше|далее|ещё|еще|больше|ссылка|узнать больше',
    'här|klicka här|läs mer|mer|mer info|mer information|länk|klik her|klikk her|læs mere|les mer|mere|lenke',
    'tästä|klikkaa tästä|lue lisää|lisää|linkki|zde|klikněte zde|více|číst dále|podrobnosti|odkaz',
    'buraya tıklayın|tıklayın|burada|devamını oku|daha fazla|detaylar|bağlantı',
    'こちら|ここ|ここをクリック|詳細|続きを読む|もっと見る|詳しくはこちら|リンク|点击这里|这里|更多|了解更多|阅读更多|详情|链接|點擊這裡|這裡|閱讀更多|詳情',
    '여기|여기를 클릭|더 보기|자세히 보기|더 알아보기|링크',
  ].flatMap((phrases) => phrases.split('|')),
);

const messages = {
  issues: '{issues}; anchor text should say where the link goes.',
  generic: 'links with generic text such as "{example}": {count}',
  empty: 'links with no text: {count}',
  ok: 'All {total} followed links have descriptive text.',
  none: 'The page has no followed links to check.',
};

// "Read more »", "→ More", "Learn more…" all count as their words.
const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .replace(/\s+/g, ' ');

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
    const found: { href: string; text: string }[] = [];
    let total = 0;
    let generic = 0;
    let example = '';
    $('a[href]').each((_, el) => {
      const $el = $(el);
      const rel = ($el.attr('rel') ?? '').toLowerCase().split(/\s+/);
      const href = resolveHttpUrl($el.attr('href'), baseUrl);
      // Same-page jumps (#section) pass no signal to another page.
      if (!href || rel.includes('nofollow') || (href.includes('#') && withoutHash(href) === page)) return;
      total++;
      const text = elementText($, el, { imageAlt: true });
      if (!text) {
        if ($el.attr('aria-label')?.trim() || $el.attr('title')?.trim()) return;
        found.push({ href, text: '' });
      } else if (GENERIC.has(normalize(text))) {
        generic++;
        example ||= text;
        found.push({ href, text });
      }
    });
    const data = { non_descriptive_links: found.slice(0, thresholds.maxListed) };
    if (total === 0) return passed(messages.none, data);
    if (found.length === 0) return passed(format(messages.ok, { total }), data);
    const empty = found.length - generic;
    const issues = [
      ...(generic ? [format(messages.generic, { count: generic, example })] : []),
      ...(empty ? [format(messages.empty, { count: empty })] : []),
    ].join(', ');
    return warning(format(messages.issues, { issues: issues[0]!.toUpperCase() + issues.slice(1) }), data);
  },
});
