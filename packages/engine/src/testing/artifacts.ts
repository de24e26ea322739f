import type {
  BrowserArtifact,
  CrawlPage,
  LinkChecksArtifact,
  PageArtifact,
  RenderedAnchor,
  RenderedImage,
  ResourceArtifact,
  SeoDataArtifact,
  TextFileArtifact,
} from '../artifacts';

/** A well-known file as a gatherer would hand it over, for check tests. */
export function textFile(
  url: string,
  body: string,
  overrides: Partial<TextFileArtifact> = {},
): TextFileArtifact {
  return {
    url,
    finalUrl: url,
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body,
    bytes: Buffer.byteLength(body),
    truncated: false,
    redirects: [],
    ...overrides,
  };
}

/** A fetched page with sensible defaults, for check tests. */
export function pageArtifact(
  url: string,
  html = '<html></html>',
  overrides: Partial<PageArtifact> = {},
): PageArtifact {
  return {
    requestedUrl: url,
    finalUrl: url,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    html,
    file: null,
    bytes: Buffer.byteLength(html),
    transferBytes: null,
    redirects: [],
    timings: { total: 100 },
    ...overrides,
  };
}

/** A fetched sub-resource with sensible defaults, for check tests. */
export function resource(url: string, overrides: Partial<ResourceArtifact> = {}): ResourceArtifact {
  const type = overrides.type ?? 'image';
  return {
    url,
    type,
    initiator: type === 'stylesheet' ? 'link[rel=stylesheet]' : type === 'script' ? 'script[src]' : 'img',
    firstParty: true,
    status: 200,
    finalUrl: url,
    redirects: [],
    headers: {},
    contentType: null,
    bytes: 1000,
    transferBytes: null,
    protocol: 'http/1.1',
    text: null,
    truncated: false,
    ...overrides,
  };
}

/** A Chromium run with nothing wrong in it, for check tests; override what the test is about. */
export function browserArtifact(overrides: Partial<BrowserArtifact> = {}): BrowserArtifact {
  return {
    screenshots: { desktop: null, mobile: null },
    viewport: { width: 412, height: 823, deviceScaleFactor: 2.625 },
    mobileNonBlankRatio: 0.5,
    vitals: {
      lcp: { duration: 1200, node: 'h1', text: 'Welcome', url: null },
      cls: { score: 0, largestEntry: null },
      fcp: 800,
      ttfb: 200,
      tbt: 0,
      loadTime: 1500,
      domContentLoaded: 1000,
      speedIndex: 1400,
    },
    console: [],
    pageErrors: [],
    network: [],
    renderedHtml: '<html><head></head><body></body></html>',
    jsExecution: { total_ms: 0, by_script: [] },
    coverage: { js: [], css: [] },
    images: [],
    anchors: [],
    layout: { documentWidth: 412, overflowingNodes: [], smallTextPct: 0, smallTargets: [] },
    ...overrides,
  };
}

/** An image as the browser rendered it: 800×600 shown at 400×300, on the first screen, eager. */
export function renderedImage(url: string, overrides: Partial<RenderedImage> = {}): RenderedImage {
  return {
    url,
    natural: { width: 800, height: 600 },
    displayed: { width: 400, height: 300 },
    offscreen: false,
    loading: 'auto',
    fetchPriority: null,
    isLcp: false,
    ...overrides,
  };
}

/**
 * A link of the rendered page with a real href, whose listeners the gatherer therefore does not
 * read; override what the test is about (`href: null, clickListener: true` for a script-only link).
 */
export function renderedAnchor(overrides: Partial<RenderedAnchor> = {}): RenderedAnchor {
  const href = overrides.href === undefined ? '/about' : overrides.href;
  const text = overrides.text ?? 'About';
  return {
    href,
    text,
    role: null,
    onclickAttribute: false,
    clickListener: null,
    selector: 'a',
    snippet: href === null ? `<a>${text}</a>` : `<a href="${href}">${text}</a>`,
    ...overrides,
  };
}

/** One checked link that answered 200 without a redirect; internal when it is on example.com. */
export function checkedLink(
  url: string,
  overrides: Partial<LinkChecksArtifact['links'][number]> = {},
): LinkChecksArtifact['links'][number] {
  return {
    url,
    anchor: 'Oak tables',
    internal: new URL(url).hostname === 'example.com',
    status: 200,
    finalUrl: url,
    redirected: false,
    headers: {},
    ...overrides,
  };
}

/** One crawled page with sensible defaults, for the crawl checks' tests. */
export function crawlPage(url: string, overrides: Partial<CrawlPage> = {}): CrawlPage {
  return {
    url,
    status: 200,
    indexable: true,
    canonical: url,
    title: `Title of ${url}`,
    description: `Description of ${url}`,
    h1: `Heading of ${url}`,
    contentHash: `hash-${url}`,
    simhash: null,
    depth: 1,
    inlinks: 3,
    inSitemap: true,
    hreflang: [],
    ...overrides,
  };
}

/** Provider data with nothing in it, for the [X] checks' tests. */
export function seoData(overrides: Partial<SeoDataArtifact> = {}): SeoDataArtifact {
  return {
    relatedKeywords: [],
    competitorDomains: [],
    backlinks: [],
    referringDomains: 0,
    nofollowShare: 0,
    ...overrides,
  };
}
