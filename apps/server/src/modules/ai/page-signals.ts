import { type ContentTrust, type TrustSignal, trustScore, type WebsiteProfile } from '@sitelens/contracts';
import {
  detectLanguage,
  readingEase as engineReadingEase,
  jsonLdNodes,
  pageLanguage,
  SCHEMA_FAMILIES,
  STOP_WORDS,
} from '@sitelens/engine';
import { type CheerioAPI, type contains, load } from 'cheerio';
import { getDomain } from 'tldts';

/**
 * What can be measured on a site's pages without a language model: their readable text, the
 * profile the site states about itself, its trust signals, and the content trust metrics computed
 * from them. Pure functions of the HTML; nothing here fetches.
 */

/** A page as read: the homepage first, then the key pages. */
export interface SitePage {
  url: string;
  finalUrl: string;
  status: number;
  html: string;
}

export interface PageText {
  title: string;
  description: string;
  /** h1–h3 of the main content, in order. */
  headings: string[];
  /** The main readable text, furniture and scripts removed, whitespace collapsed, at most `maxChars`. */
  text: string;
  /** Words of the whole main text (before the cap). */
  words: number;
  /** Primary language subtag ('en'): declared, else recognised from the words, else English. */
  language: string;
}

export type TrustSignalKey =
  | 'https'
  | 'about_page'
  | 'contact_page'
  | 'privacy_page'
  | 'author_bylines'
  | 'dates'
  | 'outbound_citations'
  | 'organization_schema'
  | 'contact_details';

const messages = {
  labels: {
    https: 'Served over HTTPS',
    about_page: 'About page',
    contact_page: 'Contact page',
    privacy_page: 'Privacy policy',
    author_bylines: 'Author bylines',
    dates: 'Publication dates',
    outbound_citations: 'Citations of other sites',
    organization_schema: 'Organization schema',
    contact_details: 'Contact details',
  },
  missing: {
    https: 'The homepage is served over http: {url}',
    about_page: 'No link to an about page on the {pages} read',
    contact_page: 'No link to a contact page on the {pages} read',
    privacy_page: 'No link to a privacy policy on the {pages} read',
    author_bylines: 'No author named on the {pages} read',
    dates: 'No publication or update date on the {pages} read',
    outbound_citations: 'No links to other sites in the main text of the {pages} read',
    organization_schema: 'No schema.org Organization with a name on the {pages} read',
    contact_details: 'No phone number, email address or postal address on the {pages} read',
  },
  improvements: {
    https: 'Serve every page over HTTPS and redirect http to it.',
    about_page: 'Add an about page that says who runs the site, and link to it from every page.',
    contact_page: 'Add a contact page and link to it from every page.',
    privacy_page: 'Publish a privacy policy and link to it from every page.',
    author_bylines: 'Name the author of each article, with a short bio or a link to an author page.',
    dates:
      'Show when each article was published and last updated, and mark it up (article:published_time or schema.org datePublished).',
    outbound_citations:
      'Cite your sources: link to the studies, data and official pages your content relies on.',
    organization_schema:
      'Describe the business with schema.org Organization (or LocalBusiness) JSON-LD, with its name, logo and contact points.',
    contact_details:
      'Show a phone number, an email address or a postal address, as links (tel:, mailto:) or in schema.org data.',
  } satisfies Record<TrustSignalKey, string>,
  summary: 'Measured on {pages}: {found} of {total} trust signals found.',
  notStated: 'Not stated on the site',
} as const;

const format = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------------------------------
// Page text

type AnyNode = Parameters<typeof contains>[1];

/** Content that is not read as text. */
const NOT_TEXT =
  'script, style, noscript, template, svg, math, canvas, iframe, object, embed, audio, video, select, textarea, [hidden], [aria-hidden="true"]';
/** Page furniture, dropped when the page marks no main region. */
const CHROME =
  'nav, header, footer, aside, form, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], [role="search"]';
/** Furniture inside `<main>` or an article (whose own header holds its title and byline). */
const CHROME_INSIDE = 'nav, aside, form, [role="navigation"], [role="complementary"], [role="search"]';
/** Elements that flow inside a line; every other element separates words. */
const INLINE = new Set(
  'a abbr b bdi bdo cite code data del dfn em font i ins kbd label mark q s samp small span strong sub sup time u var wbr'.split(
    ' ',
  ),
);
const DEFAULT_MAX_CHARS = 6000;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `<main>` or `[role=main]`, else the page's only `<article>`, else the body. */
function mainRoot($: CheerioAPI): { root: AnyNode | undefined; marked: boolean } {
  const marked =
    $('main, [role="main"]').first()[0] ?? ($('article').length === 1 ? $('article')[0] : undefined);
  return marked ? { root: marked, marked: true } : { root: $('body')[0] ?? $.root()[0], marked: false };
}

/** A copy of the main content without furniture and what is not text. */
function mainContent($: CheerioAPI) {
  const { root, marked } = mainRoot($);
  const copy = $(root).clone();
  copy.find(NOT_TEXT).remove();
  copy.find(marked ? CHROME_INSIDE : CHROME).remove();
  return copy;
}

function textOf($: CheerioAPI, content: ReturnType<CheerioAPI>): string {
  // Blocks are separated by a space so that `<p>a</p><p>b</p>` reads as two words.
  content.find('*').each((_, element) => {
    if (!INLINE.has(element.tagName.toLowerCase())) $(element).prepend(' ').append(' ');
  });
  return collapse(content.text());
}

function metaContent($: CheerioAPI, key: string): string {
  const found = $('meta[name], meta[property]')
    .filter((_, el) => ($(el).attr('name') ?? $(el).attr('property') ?? '').trim().toLowerCase() === key)
    .first()
    .attr('content');
  return collapse(found ?? '');
}

const wordsOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];

/** The readable parts of one page: title, description, headings, main text and its language. */
export function pageText(html: string, url: string, options: { maxChars?: number } = {}): PageText {
  return readPage(load(html), url, options.maxChars ?? DEFAULT_MAX_CHARS);
}

function readPage($: CheerioAPI, _url: string, maxChars: number): PageText {
  const title = collapse($('title').first().text()) || metaContent($, 'og:title');
  const description = metaContent($, 'description') || metaContent($, 'og:description');
  const content = mainContent($);
  const headingsIn = (from: ReturnType<CheerioAPI>) =>
    from
      .find('h1, h2, h3')
      .map((_, el) => collapse($(el).text()))
      .get()
      .filter(Boolean);
  let headings = headingsIn(content);
  if (headings.length === 0) headings = headingsIn($('body'));
  const full = textOf($, content);
  return {
    title,
    description,
    headings,
    text: capText(full, maxChars),
    words: wordsOf(full).length,
    language: languageOf($, full),
  };
}

/** `text` cut to `max` characters, at a word boundary when one is near. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max - 40 ? cut.slice(0, space) : cut;
}

/** The page's declared language, else the one its words read as (the engine's reading, as the checks use). */
const languageOf = ($: CheerioAPI, text: string): string => pageLanguage($, text).lang;

// ---------------------------------------------------------------------------------------------------
// Readability

/**
 * Reading ease of the pages' text (0 to 100, higher is easier): the engine's Flesch formula, or its
 * adaptation for the text's language, as the readability check scores a page. Null under 100 words.
 */
export function readingEase(text: string): number | null {
  return engineReadingEase([text], detectLanguage(text)?.lang ?? 'en')?.score ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Parsed pages and schema.org

type JsonObject = Record<string, unknown>;

interface ParsedPage {
  page: SitePage;
  url: string;
  $: CheerioAPI;
  /** Every JSON-LD object with an @type, nested ones included. */
  nodes: JsonObject[];
  text: PageText;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page's JSON-LD nodes that name a type (the engine's reading, as the structured-data checks use). */
const typedNodes = ($: CheerioAPI): JsonObject[] =>
  jsonLdNodes($).filter((node) => node['@type'] !== undefined);

const typesOf = (node: JsonObject): string[] =>
  (Array.isArray(node['@type']) ? node['@type'] : [node['@type']])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^(https?:\/\/)?schema\.org\//, ''));

/** Names in a schema.org value: a string, a Thing with a name, or a list of them. */
function namesOf(value: unknown): string[] {
  if (typeof value === 'string') return collapse(value) ? [collapse(value)] : [];
  if (Array.isArray(value)) return value.flatMap(namesOf);
  if (isObject(value)) {
    const name = value.name ?? value.audienceType ?? value.description;
    return typeof name === 'string' ? namesOf(name) : [];
  }
  return [];
}

const textField = (node: JsonObject | undefined, key: string): string =>
  typeof node?.[key] === 'string' ? collapse(node[key] as string) : '';

const GENERIC_ORGANIZATIONS = new Set(['Organization', 'Corporation', 'LocalBusiness', 'OnlineBusiness']);
// schema.org's Organization and LocalBusiness types the engine knows.
const ORGANIZATION_TYPES: ReadonlySet<string> = new Set([
  ...SCHEMA_FAMILIES.organization,
  ...SCHEMA_FAMILIES.localBusiness,
  'OnlineBusiness',
  'OnlineStore',
]);
// schema.org's Organization and LocalBusiness subtypes mostly end in one of these words.
const ORGANIZATION_SUFFIX =
  /(Organization|Business|Store|Shop|Service|Agency|Contractor|Dealer|Clinic|Salon|School|University|Club|Company)$/;

const isOrganizationType = (type: string) => ORGANIZATION_TYPES.has(type) || ORGANIZATION_SUFFIX.test(type);
const organizationType = (node: JsonObject) => typesOf(node).find(isOrganizationType);

function parsePages(pages: SitePage[]): ParsedPage[] {
  return pages
    .filter((page) => page.status < 400 && page.html)
    .map((page) => {
      const $ = load(page.html);
      return {
        page,
        url: page.finalUrl || page.url,
        $,
        nodes: typedNodes($),
        text: readPage($, page.finalUrl, Number.POSITIVE_INFINITY),
      };
    });
}

// ---------------------------------------------------------------------------------------------------
// Website profile

/** 'CafeOrCoffeeShop' → 'Cafe or coffee shop'. */
function humanType(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The profile the site states about itself: from schema.org Organization/LocalBusiness/WebSite
 * JSON-LD (name, description, knowsAbout, areaServed, audience) and the homepage's meta and Open Graph
 * description and site name. The niche comes from a specific schema.org type (a `Bakery`, not an
 * `Organization`), else `knowsAbout`, else the keywords meta. Null when the site states no
 * description or no niche: nothing is guessed.
 */
export function profileFromPages(pages: SitePage[], _domain: string): WebsiteProfile | null {
  return profileOf(parsePages(pages));
}

function profileOf(parsed: ParsedPage[]): WebsiteProfile | null {
  const homepage = parsed[0];
  if (!homepage) return null;
  const nodes = parsed.flatMap((p) => p.nodes);
  const organizations = nodes.filter((node) => organizationType(node) !== undefined);
  const organization =
    organizations.find((node) => textField(node, 'description')) ??
    organizations.find((node) => textField(node, 'name'));
  const website = nodes.find((node) => typesOf(node).includes('WebSite'));

  const description =
    textField(organization, 'description') ||
    textField(website, 'description') ||
    metaContent(homepage.$, 'description') ||
    metaContent(homepage.$, 'og:description');
  const name =
    textField(organization, 'name') || metaContent(homepage.$, 'og:site_name') || textField(website, 'name');

  const specificType = organizations
    .flatMap((node) => typesOf(node))
    .find((type) => isOrganizationType(type) && !GENERIC_ORGANIZATIONS.has(type));
  const topics = [...new Set(organizations.flatMap((node) => namesOf(node.knowsAbout)))];
  const keywords = metaContent(homepage.$, 'keywords').split(',').map(collapse).filter(Boolean);
  let niche: WebsiteProfile['industry_niche'] | null = null;
  if (specificType)
    niche = {
      name: humanType(specificType),
      description: topics.length
        ? `The site describes itself as a schema.org ${specificType}; topics it names: ${topics.slice(0, 6).join(', ')}.`
        : `The site describes itself as a schema.org ${specificType}.`,
    };
  else if (topics.length)
    niche = {
      name: capitalise(topics[0]!),
      description: `Topics the site names in its schema.org data: ${topics.slice(0, 6).join(', ')}.`,
    };
  else if (keywords.length)
    niche = {
      name: capitalise(keywords[0]!),
      description: `From the homepage's keywords: ${keywords.slice(0, 6).join(', ')}.`,
    };
  if (!description || !niche) return null;

  const areas = [...new Set(organizations.flatMap((node) => namesOf(node.areaServed)))];
  const audiences = [
    ...new Set([...organizations, ...(website ? [website] : [])].flatMap((n) => namesOf(n.audience))),
  ];
  const named = name && !description.toLowerCase().includes(name.toLowerCase()) ? `${name}: ` : '';
  return {
    domain_description: [
      sentence(`${named}${description}`),
      areas.length ? `Area served: ${areas.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    target_audience: audiences.length ? audiences.join('; ') : messages.notStated,
    industry_niche: niche,
  };
}

// ---------------------------------------------------------------------------------------------------
// Trust signals

const SOCIAL = new Set([
  'facebook.com',
  'fb.com',
  'fb.me',
  'twitter.com',
  'x.com',
  't.co',
  'instagram.com',
  'linkedin.com',
  'lnkd.in',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'pinterest.com',
  'threads.net',
  'snapchat.com',
  'whatsapp.com',
  'wa.me',
  't.me',
  'telegram.me',
  'reddit.com',
  'tumblr.com',
  'mastodon.social',
  'bsky.app',
  'discord.com',
  'discord.gg',
  'xing.com',
  'vimeo.com',
  'flickr.com',
]);

// Paths and link texts of the pages every trustworthy site has.
const SITE_PAGES = {
  about_page: {
    segments: [
      'about',
      'about-us',
      'aboutus',
      'about-me',
      'company',
      'who-we-are',
      'our-story',
      'ueber-uns',
      'uber-uns',
    ],
    text: /^(about|about us|about me|company|who we are|our story|über uns)$/i,
  },
  contact_page: {
    segments: ['contact', 'contact-us', 'contactus', 'contacts', 'kontakt', 'get-in-touch'],
    text: /^(contact|contact us|get in touch|kontakt)$/i,
  },
  privacy_page: {
    segments: [
      'privacy',
      'privacy-policy',
      'privacypolicy',
      'privacy-notice',
      'datenschutz',
      'datenschutzerklaerung',
    ],
    text: /privacy|datenschutz/i,
  },
} as const;

/** The registrable domain of a host ('blog.example.co.uk' → 'example.co.uk'). */
function siteOf(host: string): string {
  const name = host.toLowerCase().replace(/^www\./, '');
  return getDomain(name) ?? name;
}

function absolute(href: string | undefined, base: string): URL | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

const pathSegments = (url: URL) =>
  url.pathname
    .toLowerCase()
    .split('/')
    .map((segment) => segment.replace(/\.(html?|php|aspx?)$/, ''))
    .filter(Boolean);

function findSitePage(parsed: ParsedPage[], site: string, kind: keyof typeof SITE_PAGES): string | null {
  const { segments, text } = SITE_PAGES[kind];
  const matches = (url: URL) =>
    pathSegments(url).some((segment) => (segments as readonly string[]).includes(segment));
  for (const page of parsed) {
    const own = absolute(page.url, page.url);
    if (own && matches(own)) return own.href;
  }
  for (const page of parsed) {
    const { $ } = page;
    for (const element of $('a[href]').toArray()) {
      const url = absolute($(element).attr('href'), page.url);
      if (!url || !/^https?:$/.test(url.protocol) || siteOf(url.hostname) !== site) continue;
      if (matches(url) || text.test(collapse($(element).text()))) return url.href;
    }
  }
  return null;
}

const BY_LINE = /\bBy\s+((?:[A-Z][\p{L}'’.-]+)(?:\s+[A-Z][\p{L}'’.-]+){0,3})/u;

function bylineOf(page: ParsedPage): string | null {
  const { $ } = page;
  const meta = metaContent($, 'author');
  if (meta) return meta;
  const rel = $('a[rel~="author"], link[rel~="author"]').first();
  if (rel.length) return collapse(rel.text()) || rel.attr('href') || 'rel=author';
  for (const node of page.nodes) {
    const author = namesOf(node.author)[0];
    if (author) return author;
  }
  const person = page.nodes.find((node) => typesOf(node).includes('Person') && textField(node, 'name'));
  if (person) return textField(person, 'name');
  const marked = $('.byline, .author, [itemprop="author"]')
    .map((_, el) => collapse($(el).text()))
    .get()
    .find((text) => text && text.length <= 80);
  if (marked) return marked.replace(/^by\s+/i, '');
  const h1 = $('h1').first();
  const near = [...h1.nextAll().slice(0, 3).toArray(), ...h1.parent().toArray()]
    .map((el) => collapse($(el).text()).slice(0, 300))
    .join(' ');
  return near.match(BY_LINE)?.[1] ?? null;
}

function dateOf(page: ParsedPage): string | null {
  const { $ } = page;
  const meta = metaContent($, 'article:published_time') || metaContent($, 'article:modified_time');
  if (meta) return meta;
  const time = $('time[datetime]').first().attr('datetime');
  if (time?.trim()) return time.trim();
  for (const node of page.nodes) {
    const date = textField(node, 'datePublished') || textField(node, 'dateModified');
    if (date) return date;
  }
  return null;
}

function outboundLinks(page: ParsedPage, site: string): URL[] {
  const { $ } = page;
  return mainContent($)
    .find('a[href]')
    .toArray()
    .map((element) => absolute($(element).attr('href'), page.url))
    .filter((url): url is URL => {
      if (!url || !/^https?:$/.test(url.protocol)) return false;
      const other = siteOf(url.hostname);
      return other !== site && !SOCIAL.has(other);
    });
}

function contactDetailsOf(parsed: ParsedPage[]): string[] {
  const found = new Set<string>();
  for (const { $, nodes } of parsed) {
    const tel = $('a[href^="tel:"]').first().attr('href');
    if (tel) found.add(`phone ${decodeURIComponent(tel.slice(4)).trim()}`);
    const mail = $('a[href^="mailto:"]').first().attr('href');
    if (mail) found.add(`email ${decodeURIComponent(mail.slice(7)).split('?')[0]!.trim()}`);
    for (const node of nodes) {
      const telephone = textField(node, 'telephone');
      const email = textField(node, 'email');
      if (telephone) found.add(`phone ${telephone}`);
      if (email) found.add(`email ${email.replace(/^mailto:/, '')}`);
      if (node.address !== undefined) found.add('postal address');
    }
    if ($('[itemprop="telephone"]').length) found.add('phone');
    if ($('[itemprop="address"]').length) found.add('postal address');
  }
  // A bare "phone" or "postal address" adds nothing when a detailed one was found.
  return [...found].filter(
    (item) => ![...found].some((other) => other !== item && other.startsWith(`${item} `)),
  );
}

/** Where something was found on some of the pages: 'on 2 of 5 pages, e.g. Jane Doe (https://…)'. */
function spread(found: { value: string; url: string }[], total: number): string {
  const [first] = found;
  return first ? `On ${found.length} of ${plural(total, 'page')}, e.g. ${first.value} (${first.url})` : '';
}

/**
 * The trust signals measured on the pages (the homepage first): HTTPS, about, contact and privacy
 * pages (linked from the pages, or among them), author bylines, dates, citations of other sites in
 * the main text (social networks excluded), Organization schema and contact details.
 */
export function trustSignals(pages: SitePage[], domain: string): TrustSignal[] {
  return signalsOf(parsePages(pages), pages[0], domain);
}

function signalsOf(parsed: ParsedPage[], homepage: SitePage | undefined, domain: string): TrustSignal[] {
  const site = siteOf(domain.replace(/^https?:\/\//, '').split('/')[0]!);
  const pagesRead = plural(parsed.length, 'page');
  const signal = (key: TrustSignalKey, value: string | null, missing?: string): TrustSignal => ({
    key,
    label: messages.labels[key],
    found: value !== null,
    detail: value ?? missing ?? format(messages.missing[key], { pages: pagesRead }),
  });

  const homeUrl = homepage ? homepage.finalUrl || homepage.url : '';
  const https = homeUrl.startsWith('https://');

  const bylines = parsed.flatMap((page) => {
    const value = bylineOf(page);
    return value ? [{ value, url: page.url }] : [];
  });
  const dates = parsed.flatMap((page) => {
    const value = dateOf(page);
    return value ? [{ value, url: page.url }] : [];
  });
  const outbound = [...new Set(parsed.flatMap((page) => outboundLinks(page, site).map((url) => url.href)))];
  const citedSites = new Set(outbound.map((href) => siteOf(new URL(href).hostname)));
  const organization = parsed
    .flatMap((page) => page.nodes)
    .find((node) => organizationType(node) !== undefined && textField(node, 'name'));
  const contacts = contactDetailsOf(parsed);

  return [
    signal('https', https ? homeUrl : null, format(messages.missing.https, { url: homeUrl || domain })),
    signal('about_page', findSitePage(parsed, site, 'about_page')),
    signal('contact_page', findSitePage(parsed, site, 'contact_page')),
    signal('privacy_page', findSitePage(parsed, site, 'privacy_page')),
    signal('author_bylines', bylines.length ? spread(bylines, parsed.length) : null),
    signal('dates', dates.length ? spread(dates, parsed.length) : null),
    signal(
      'outbound_citations',
      outbound.length
        ? `${plural(outbound.length, 'link')} to ${plural(citedSites.size, 'other site')}`
        : null,
    ),
    signal(
      'organization_schema',
      organization ? `${textField(organization, 'name')} (${organizationType(organization)})` : null,
    ),
    signal('contact_details', contacts.length ? capitalise(contacts.slice(0, 3).join(', ')) : null),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Trust metrics

const IGNORED_TERMS = new Set([
  ...(STOP_WORDS.en ?? []),
  ...'also any each every here home how into many may more most much new now off page read see site use using via want way well what where why www com org net http https'.split(
    ' ',
  ),
]);
const FULL_DEPTH_WORDS = 600;
/** Top terms of the homepage a key page's title and headings need to share for full marks. */
const SHARED_TERMS_FOR_FULL_MARKS = 3;

/** A word as a comparable term: lower case, a plural's "s" dropped. */
const termOf = (word: string) => {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
};
const termsOf = (text: string) => wordsOf(text).map(termOf);
const contentTerms = (text: string, exclude: Set<string>) =>
  termsOf(text).filter((t) => t.length >= 3 && /\p{L}/u.test(t) && !IGNORED_TERMS.has(t) && !exclude.has(t));

function topTerms(text: string, count: number, exclude: Set<string>): string[] {
  const frequency = new Map<string, number>();
  for (const term of contentTerms(text, exclude)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([term]) => term);
}

const hasSignal = (signals: TrustSignal[], key: TrustSignalKey) =>
  signals.find((signal) => signal.key === key)?.found === true;
const state = (found: boolean) => (found ? 'found' : 'missing');

/**
 * The three content trust metrics (0..100), measured without a language model:
 * - topical_relevance: with tracked keywords, the mean over keywords of 1 when all its words appear in
 *   some page's title or headings, 0.5 when only in body text, else 0; without keywords, the mean over
 *   key pages of the homepage's top 10 terms (stop words and the brand removed) their title and headings
 *   share, 3 shared earning full marks (a lone homepage: its text's top terms in its own headings);
 * - subject_expertise: author bylines 25 + dates 25 + depth 30 × min(1, average words per key page / 600)
 *   + citations of other sites 20;
 * - credibility: HTTPS 25 + about page, contact page, privacy policy, Organization schema and contact
 *   details 15 each.
 */
export function computedTrustMetrics(
  pages: SitePage[],
  signals: TrustSignal[],
  keywords: string[],
): ContentTrust['trust_metrics'] {
  return metricsOf(parsePages(pages), signals, keywords);
}

function metricsOf(
  parsed: ParsedPage[],
  signals: TrustSignal[],
  keywords: string[],
): ContentTrust['trust_metrics'] {
  const has = (key: TrustSignalKey) => hasSignal(signals, key);
  const keyPages = parsed.length > 1 ? parsed.slice(1) : parsed;
  const averageWords = keyPages.length
    ? Math.round(keyPages.reduce((sum, page) => sum + page.text.words, 0) / keyPages.length)
    : 0;
  const depth = Math.min(1, averageWords / FULL_DEPTH_WORDS);
  const expertise =
    (has('author_bylines') ? 25 : 0) +
    (has('dates') ? 25 : 0) +
    30 * depth +
    (has('outbound_citations') ? 20 : 0);

  const credibilityKeys: TrustSignalKey[] = [
    'about_page',
    'contact_page',
    'privacy_page',
    'organization_schema',
    'contact_details',
  ];
  const credibility = (has('https') ? 25 : 0) + credibilityKeys.filter(has).length * 15;
  const credibleCount = credibilityKeys.filter(has).length + (has('https') ? 1 : 0);

  return {
    topical_relevance: topicalRelevance(parsed, keywords),
    subject_expertise: {
      value: Math.round(expertise),
      description: `From author bylines (${state(has('author_bylines'))}), publication dates (${state(has('dates'))}), depth (${averageWords} words per key page on average; ${FULL_DEPTH_WORDS} earn full marks) and citations of other sites (${state(has('outbound_citations'))}).`,
    },
    credibility: {
      value: credibility,
      description: `From HTTPS, an about page, a contact page, a privacy policy, Organization schema and contact details: ${credibleCount} of 6 found.`,
    },
  };
}

function topicalRelevance(
  parsed: ParsedPage[],
  keywords: string[],
): ContentTrust['trust_metrics']['topical_relevance'] {
  const tracked = [...new Set(keywords.map((k) => collapse(k.toLowerCase())).filter(Boolean))];
  if (tracked.length > 0) {
    const fields = parsed.map((page) => ({
      prominent: new Set(termsOf([page.text.title, ...page.text.headings].join(' '))),
      body: new Set(termsOf(page.text.text)),
    }));
    let prominent = 0;
    let bodyOnly = 0;
    for (const keyword of tracked) {
      const all = termsOf(keyword);
      const meaningful = all.filter((t) => !IGNORED_TERMS.has(t));
      const terms = meaningful.length ? meaningful : all;
      const inField = (field: Set<string>) => terms.length > 0 && terms.every((t) => field.has(t));
      if (fields.some((f) => inField(f.prominent))) prominent++;
      else if (fields.some((f) => inField(f.body))) bodyOnly++;
    }
    return {
      value: Math.round((100 * (prominent + 0.5 * bodyOnly)) / tracked.length),
      description: `From the tracked keywords in the pages' titles, headings and text: ${prominent} of ${tracked.length} in a title or heading, ${bodyOnly} only in body text.`,
    };
  }

  const [homepage, ...others] = parsed;
  if (!homepage)
    return {
      value: 0,
      description: "From the homepage's main terms in the key pages' titles and headings: no page read.",
    };
  const brand = new Set(
    parsed.flatMap((page) => {
      try {
        return siteOf(new URL(page.url).hostname).split('.').slice(0, -1).flatMap(termsOf);
      } catch {
        return [];
      }
    }),
  );
  // A lone homepage is compared with itself: the main terms of its text against its headings alone.
  const homeText = homepage.text;
  const prominentHome = [homeText.title, homeText.description, ...homeText.headings].join(' ');
  const terms = topTerms(
    others.length ? `${prominentHome} ${prominentHome} ${homeText.text}` : homeText.text,
    10,
    brand,
  );
  const headingTermsOf = (page: ParsedPage) =>
    new Set(
      contentTerms(
        (others.length ? [page.text.title, ...page.text.headings] : page.text.headings).join(' '),
        brand,
      ),
    );
  const compared = others.length ? others : [homepage];
  const shares = compared.map((page) => {
    const headingTerms = headingTermsOf(page);
    return Math.min(1, terms.filter((t) => headingTerms.has(t)).length / SHARED_TERMS_FOR_FULL_MARKS);
  });
  const value = terms.length ? Math.round((100 * shares.reduce((a, b) => a + b, 0)) / shares.length) : 0;
  const full = shares.filter((share) => share === 1).length;
  const where = others.length ? "the key pages' titles and headings" : "the homepage's headings";
  return {
    value,
    description: terms.length
      ? `From the homepage's main terms (${terms.slice(0, 5).join(', ')}) in ${where}, ${SHARED_TERMS_FOR_FULL_MARKS} shared earning full marks: reached on ${full} of ${plural(compared.length, 'page')}.`
      : `From the homepage's main terms in ${where}: the homepage has no readable text.`,
  };
}

/**
 * The content trust of a site measured without a language model: the metrics above, the trust
 * score from them (contract's `trustScore`), a factual summary and one improvement per missing signal.
 */
export function computedContentTrust(pages: SitePage[], domain: string, keywords: string[]): ContentTrust {
  const parsed = parsePages(pages);
  return contentTrustOf(parsed, signalsOf(parsed, pages[0], domain), keywords);
}

function contentTrustOf(parsed: ParsedPage[], signals: TrustSignal[], keywords: string[]): ContentTrust {
  const trust_metrics = metricsOf(parsed, signals, keywords);
  const found = signals.filter((signal) => signal.found).length;
  return {
    summary: format(messages.summary, {
      pages: plural(parsed.length, 'page'),
      found,
      total: signals.length,
    }),
    improvements: signals
      .filter((signal) => !signal.found)
      .map((signal) => messages.improvements[signal.key as TrustSignalKey]),
    trust_score: trustScore(trust_metrics),
    trust_metrics,
  };
}

/**
 * Everything measured on a site's pages, each page parsed once: their readable parts (text capped
 * as `pageText` caps it), the trust signals, the computed content trust and the stated profile.
 */
export function measureSite(pages: SitePage[], domain: string, keywords: string[]) {
  const parsed = parsePages(pages);
  const signals = signalsOf(parsed, pages[0], domain);
  return {
    pages: parsed.map(({ url, text }) => ({
      url,
      text: { ...text, text: capText(text.text, DEFAULT_MAX_CHARS) },
    })),
    signals,
    trust: contentTrustOf(parsed, signals, keywords),
    profile: profileOf(parsed),
  };
}
