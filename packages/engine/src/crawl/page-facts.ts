import { createHash } from 'node:crypto';
import type { CheerioAPI } from 'cheerio/slim';
import type { DocumentArtifact, PageArtifact } from '../artifacts';
import type { ElementNode } from '../html/dom';
import { headLinks } from '../html/head-elements';
import { documentTitles, metaDescriptions } from '../html/head-meta';
import { imageSource } from '../html/images';
import { hasRel, parseLinkHeader } from '../html/link-header';
import { mainContentBlocks } from '../html/main-content';
import { pageModified } from '../html/page-dates';
import { readRobotsTags, robotsDirectives } from '../html/robots';
import { simhash64, simhashOf } from '../html/simhash';
import { collapseWhitespace } from '../html/text';
import { isInternal, normaliseUrl } from './normalise';

/** What the crawl-wide checks need to know of a page, kept per URL in the crawl's store. */
export interface PageFacts {
  title: string | null;
  description: string | null;
  h1: string | null;
  /** The first canonical URL (head link, else Link header), normalised; null when none. */
  canonical: string | null;
  /** `noindex` for the judged crawlers (meta robots or X-Robots-Tag). */
  noindex: boolean;
  /** `nofollow` for the whole page: its links are not followed. */
  nofollow: boolean;
  hreflang: { lang: string; href: string }[];
  /** SHA-1 of the main content's text, hex; null when the page has none. */
  contentHash: string | null;
  simhash: string | null;
  /** Words of main content, to tell an empty (script-rendered) page. */
  words: number;
  /** Simhash of the markup's skeleton (`layoutFeatures`): pages of one template have close ones. */
  layoutHash: string | null;
  /** The images its `<img>` elements show (http(s), at most 1000), for a sitemap's image entries. */
  images: string[];
  /** When the page last changed (its dates, else Last-Modified), W3C datetime; null when unknown. */
  modified: string | null;
}

/** A link of the page to another page of the same site (or, in `externalLinks`, of another site). */
export interface InternalLink {
  url: string;
  anchor: string;
  /** rel=nofollow: counted as a link, not followed. */
  nofollow: boolean;
}

const MAX_LINKS_PER_PAGE = 1000;
const MAX_IMAGES_PER_PAGE = 1000;
const ANCHOR_MAX = 200;

/** Reads a parsed page once for the crawl: its facts, its internal links and its links to other sites. */
export function readPageFacts(
  page: PageArtifact,
  document: DocumentArtifact,
  site: string,
): { facts: PageFacts; links: InternalLink[]; externalLinks: InternalLink[] } {
  const { $, baseUrl } = document;
  const directives = robotsDirectives(readRobotsTags($, page.headers));
  const text = collapseWhitespace(mainContentBlocks($).join(' '));
  const headerCanonical = parseLinkHeader(page.headers.link).find((entry) =>
    hasRel(entry.params.rel, 'canonical'),
  )?.url;
  const canonicalHref = headLinks($, 'canonical')[0]?.attribs.href ?? headerCanonical;
  const hreflang = headLinks($, 'alternate')
    .filter((el) => el.attribs.hreflang)
    .flatMap((el) => {
      const href = normaliseUrl(el.attribs.href, baseUrl);
      return href ? [{ lang: el.attribs.hreflang!.trim().toLowerCase(), href }] : [];
    });
  const facts: PageFacts = {
    title: documentTitles($)[0] ?? null,
    description: metaDescriptions($)[0] ?? null,
    h1: collapseWhitespace($('h1').first().text()) || null,
    canonical: normaliseUrl(canonicalHref, baseUrl),
    noindex: directives.some((d) => d.name === 'noindex' || d.name === 'none'),
    nofollow: directives.some((d) => d.name === 'nofollow' || d.name === 'none'),
    hreflang,
    contentHash: text ? createHash('sha1').update(text.toLowerCase()).digest('hex') : null,
    simhash: simhash64(text),
    words: text ? text.split(' ').length : 0,
    layoutHash: simhashOf(layoutFeatures($)),
    images: pageImages($, baseUrl),
    modified: pageModified($, page.headers),
  };
  const links = new Map<string, InternalLink>();
  const externalLinks = new Map<string, InternalLink>();
  $('a[href]').each((_, el) => {
    if (links.size + externalLinks.size >= MAX_LINKS_PER_PAGE) return false;
    const url = normaliseUrl($(el).attr('href'), baseUrl);
    if (!url) return;
    const found = isInternal(url, site) ? links : externalLinks;
    if (found.has(url)) return;
    found.set(url, {
      url,
      // An image link is named by its image's alt text.
      anchor: (collapseWhitespace($(el).text()) || ($(el).find('img').attr('alt') ?? '')).slice(
        0,
        ANCHOR_MAX,
      ),
      nofollow: hasRel($(el).attr('rel'), 'nofollow'),
    });
  });
  return { facts, links: [...links.values()], externalLinks: [...externalLinks.values()] };
}

function pageImages($: CheerioAPI, baseUrl: string): string[] {
  const images = new Set<string>();
  $('img').each((_, el) => {
    if (images.size >= MAX_IMAGES_PER_PAGE) return false;
    const src = imageSource($(el), baseUrl);
    if (src && /^https?:/i.test(src)) images.add(src);
  });
  return [...images];
}

/** Elements deeper than this are content, not the template's frame. */
const LAYOUT_DEPTH = 8;
const LAYOUT_MAX_FEATURES = 5000;

/**
 * The page's template as features: each distinct element path of the body's frame (tag names and
 * class names from `body` down, the first 8 levels), text and attributes left out. Pages made from
 * one template share most paths whatever their words; a list of 100 items counts once.
 */
export function layoutFeatures($: CheerioAPI): string[] {
  const seen = new Set<string>();
  const walk = (element: ElementNode, path: string, depth: number) => {
    for (const child of element.children) {
      if (!('attribs' in child) || seen.size >= LAYOUT_MAX_FEATURES) continue;
      if (child.name === 'script' || child.name === 'style' || child.name === 'noscript') continue;
      const classes = (child.attribs.class ?? '')
        .split(/\s+/)
        .filter((name) => name && !/\d/.test(name))
        .sort()
        .slice(0, 3);
      const step = classes.length ? `${child.name}.${classes.join('.')}` : child.name;
      const here = `${path}>${step}`;
      seen.add(here);
      if (depth < LAYOUT_DEPTH) walk(child, here, depth + 1);
    }
  };
  const body = $('body').get(0);
  if (body) walk(body, 'body', 1);
  return [...seen];
}
