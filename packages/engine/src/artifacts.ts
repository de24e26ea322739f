import type { CheerioAPI } from 'cheerio/slim';
import type { FileFacts } from './gather/file-type';
import type { FetchRefusedCode } from './net/guarded-fetch';

/** One response on the way from the requested URL to the page. */
export interface RedirectHop {
  url: string;
  status: number;
  location: string | null;
}

/** The page as fetched: what the server answered, byte for byte, and how long it took. */
export interface PageArtifact {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Response headers of the final hop, names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The decoded body as text; empty when the URL answered with a file. */
  html: string;
  /** Null for an HTML page; the file (PDF, archive, image) the URL answered with otherwise. */
  file: FileFacts | null;
  /** Decoded body size in bytes. */
  bytes: number;
  /** Bytes on the wire (compressed) when known. */
  transferBytes: number | null;
  /** Every hop before the final response, in order. */
  redirects: RedirectHop[];
  /** Milliseconds; a phase that could not be measured (a reused connection has no DNS) is absent. */
  timings: { dns?: number; connect?: number; tls?: number; firstByte?: number; busy?: number; total: number };
}

/** The page's HTML parsed once, shared by every check that reads markup. */
export interface DocumentArtifact {
  /** The URL relative links resolve against: the final URL, or a valid `<base href>`. */
  baseUrl: string;
  /** The final URL of the page. */
  url: string;
  $: CheerioAPI;
}

/**
 * A well-known text file of the origin (robots.txt, llms.txt, ads.txt), fetched once per origin.
 * `status` is null when the server could not be reached or timed out.
 */
export interface TextFileArtifact {
  url: string;
  finalUrl: string;
  status: number | null;
  contentType: string | null;
  /** Decoded text, cut at the gatherer's size cap (`truncated`). */
  body: string;
  bytes: number;
  truncated: boolean;
  /** The hops before the answer: a robots.txt behind a redirect is still read, with a warning. */
  redirects: RedirectHop[];
  /** Why it could not be fetched at all (`status` null): the name did not resolve, the connection failed… */
  error?: string;
}

/** What kind of file a resource is, as the page references it. */
export type ResourceType = 'stylesheet' | 'script' | 'image' | 'font' | 'icon' | 'other';

/**
 * One sub-resource the page's HTML references (stylesheets, scripts, images, icons, the og:image),
 * fetched once through the guarded fetcher. `status` is null when it could not be fetched
 * (`error` says why).
 */
export interface ResourceArtifact {
  url: string;
  type: ResourceType;
  /** Where the page references it: `link[rel=stylesheet]`, `script[src]`, `img`, `og:image`, … */
  initiator: string;
  /** Same registrable host as the page. */
  firstParty: boolean;
  status: number | null;
  finalUrl: string;
  redirects: RedirectHop[];
  /** Final response headers, names lower-cased. */
  headers: Record<string, string>;
  contentType: string | null;
  /** Decoded size in bytes (at most the cap). */
  bytes: number;
  /** Bytes on the wire when known. */
  transferBytes: number | null;
  /** ALPN protocol of the final hop: `http/1.1`, `h2`; null when unknown. */
  protocol: string | null;
  /** Text of CSS and JS files (cut at the cap), for minification and media-query checks; else null. */
  text: string | null;
  truncated: boolean;
  error?: string;
}

/** One sitemap file read (an index lists further files, followed up to a limit). */
export interface SitemapFile {
  url: string;
  /** How it was found: declared in robots.txt, a common path, or listed in an index. */
  source: 'robots-txt' | 'common-path' | 'index';
  status: number | null;
  contentType: string | null;
  type: 'urlset' | 'sitemapindex' | null;
  gzip: boolean;
  bytes: number;
  urlCount: number;
  /** The first URLs (at most 1,000) with their lastmod, for freshness and host checks. */
  urls: { loc: string; lastmod: string | null }[];
  /** Parse and structure problems, in words for the site owner. */
  errors: string[];
}

export interface SitemapsArtifact {
  /** `Sitemap:` lines of robots.txt. */
  declared: string[];
  files: SitemapFile[];
}

export interface CertificateInfo {
  subject: string;
  issuer: string;
  /** ISO dates. */
  not_before: string;
  not_after: string;
  sig_alg: string | null;
  /** DNS names of the subjectAltName. */
  san: string[];
  selfSigned: boolean;
}

/** The TLS handshake with the page's host; null fields when the page is not on HTTPS. */
export interface TlsArtifact {
  host: string;
  port: number;
  /** The page is served over https. */
  https: boolean;
  /** Handshake succeeded at all (even if untrusted). */
  reachable: boolean;
  /** Negotiated protocol, e.g. `TLSv1.3`. */
  protocol: string | null;
  cipher: string | null;
  /** The chain verifies against the trust store. */
  authorized: boolean;
  /** Node's reason when it does not, e.g. `CERT_HAS_EXPIRED`, `ERR_TLS_CERT_ALTNAME_INVALID`. */
  authorizationError: string | null;
  /** Leaf first. */
  chain: CertificateInfo[];
  /** Whether the server still accepts the old protocols (null: not probed). */
  legacyProtocols: { TLSv1: boolean | null; 'TLSv1.1': boolean | null };
  /** ALPN protocols the server accepts, e.g. ["h2", "http/1.1"]. */
  alpn: string[];
}

/** DNS TXT records of the page's domain that mail checks read. */
export interface DnsArtifact {
  domain: string;
  /** Every TXT record starting `v=spf1`. */
  spf: string[];
  /** DNS-querying mechanisms of the SPF record, include chains followed (RFC 7208 limit 10). */
  spfLookups: number | null;
  /** TXT records at `_dmarc.<domain>` starting `v=DMARC1`. */
  dmarc: string[];
  /** The lookup failed (not "no record"): the check should not blame the site. */
  error: string | null;
}

/** http/https × www/non-www requested without following redirects. */
export interface UrlVariantsArtifact {
  variants: { url: string; status: number | null; location: string | null; error?: string }[];
  /** Where each variant ends after following redirects. */
  finals: { url: string; finalUrl: string | null; hops: number; status: number | null }[];
}

/** A random path of the origin that should not exist. */
export interface NotFoundArtifact {
  url: string;
  status: number | null;
  finalUrl: string;
  redirects: RedirectHop[];
  html: string;
  contentType: string | null;
}

/** The page fetched a second time, for server-cache headers. */
export interface PageRepeatArtifact {
  headers: Record<string, string>;
  status: number | null;
}

/** Probes of the parent folders of the page's assets. */
export interface DirectoryProbesArtifact {
  probes: { url: string; status: number | null; title: string | null; listing: boolean }[];
}

/** The IndexNow key file, when the project has a key. */
export interface IndexNowArtifact {
  key: string | null;
  keyLocation: string | null;
  status: number | null;
  body: string;
}

/** Each unique http(s) link of the page checked once (HEAD, then GET if HEAD is refused), up to a cap. */
export interface LinkChecksArtifact {
  links: {
    url: string;
    /** Visible text of the first anchor with this URL. */
    anchor: string;
    /** Same host as the page. */
    internal: boolean;
    /** Final status after redirects; null when unreachable or refused. */
    status: number | null;
    finalUrl: string | null;
    /** The link answered with a redirect first. */
    redirected: boolean;
    /** Every redirect before the final answer (absent in answers recorded before they were kept). */
    redirects?: RedirectHop[];
    /**
     * Headers of the final answer that tell a bot wall from the page's own answer (`server`,
     * `cf-mitigated`), names lower-cased; empty when there was no answer.
     */
    headers: Record<string, string>;
    /** Why there was no answer, in the fetcher's words. */
    error?: string;
    /** The fetcher's code for it (`timeout`, `dns`, `connect`, …); `other` for any other failure. */
    errorCode?: FetchRefusedCode | 'other';
  }[];
  /** More links than the cap; only the first ones were checked. */
  capped: boolean;
}

/** Raster images decoded with sharp. */
export interface ImageInfo {
  url: string;
  /** jpeg, png, webp, avif, gif, svg, … ; null when it could not be decoded. */
  format: string | null;
  width: number | null;
  height: number | null;
  bytes: number;
  /** Bytes of EXIF, XMP, ICC and comment blocks. */
  metadataBytes: number;
  /** Size after re-encoding as WebP at quality 80 (null for SVG or undecodable). */
  webpBytes: number | null;
}

export interface ImagesArtifact {
  images: ImageInfo[];
}

/** One request Chromium made while loading the page. */
export interface NetworkEntry {
  url: string;
  /** Chromium's resource type: document, stylesheet, script, image, font, xhr, fetch, media, … */
  type: string;
  status: number | null;
  /** Encoded bytes on the wire. */
  transferBytes: number;
  /** Decoded body bytes. */
  bytes: number;
  protocol: string | null;
  domain: string;
  mimeType: string | null;
  failed: boolean;
  errorText?: string;
}

/** One image as rendered on the mobile viewport. */
export interface RenderedImage {
  url: string;
  natural: { width: number; height: number };
  displayed: { width: number; height: number };
  /** Outside the first viewport. */
  offscreen: boolean;
  loading: 'lazy' | 'eager' | 'auto';
  fetchPriority: string | null;
  isLcp: boolean;
}

/** One `<a>` element of the rendered page. */
export interface RenderedAnchor {
  /** The href attribute as written; null when the element has none. */
  href: string | null;
  /** Visible text, whitespace collapsed; an image's alt when there is no text. */
  text: string;
  role: string | null;
  /** Has an `onclick` attribute. */
  onclickAttribute: boolean;
  /**
   * Has its own click or mousedown listener (addEventListener or an on… handler). Null for an
   * anchor whose href leads to an http(s) URL: its listeners are not read, since a crawler follows
   * the href whatever a script does on click.
   */
  clickListener: boolean | null;
  /** e.g. `a#shop.nav-link`. */
  selector: string;
  /** The element's HTML, cut to 200 characters. */
  snippet: string;
}

/** The page loaded in Chromium (mobile profile unless stated), all traffic through the guard. */
export interface BrowserArtifact {
  /** PNG bytes. */
  screenshots: { desktop: Buffer | null; mobile: Buffer | null };
  viewport: { width: number; height: number; deviceScaleFactor: number };
  /** Share of the mobile screenshot that is not one flat colour (0–1). */
  mobileNonBlankRatio: number;
  vitals: {
    lcp: {
      duration: number;
      node: string | null;
      text: string | null;
      url: string | null;
      /** Time to first byte, resource load delay and duration, element render delay (ms). */
      phases?: { ttfb: number; load_delay: number; load_duration: number; render_delay: number } | null;
    } | null;
    cls: { score: number; largestEntry: { node: string | null; value: number; time: number } | null };
    fcp: number | null;
    ttfb: number | null;
    /** Total blocking time from long tasks between FCP and load (INP's lab proxy). */
    tbt: number;
    loadTime: number | null;
    domContentLoaded: number | null;
    /** Approximated from paint timings and visual progress; null when it could not be measured. */
    speedIndex: number | null;
  };
  console: { type: 'error' | 'warning'; text: string; url: string | null }[];
  pageErrors: { message: string; source: string | null; line: number | null }[];
  network: NetworkEntry[];
  /** The DOM after scripts ran, serialised. */
  renderedHtml: string;
  /** Script time per URL from the CPU profile or long-task attribution (ms). */
  jsExecution: { total_ms: number; by_script: { url: string; ms: number }[] };
  coverage: {
    js: { url: string; total: number; unused: number }[];
    css: { url: string; total: number; unused: number }[];
  };
  images: RenderedImage[];
  /**
   * The `<a>` elements after scripts ran, with the click handlers Chromium knows of; those
   * without an http(s) href first, then the rest, at most 500. Null when they could not be read.
   */
  anchors: RenderedAnchor[] | null;
  layout: {
    documentWidth: number;
    overflowingNodes: string[];
    smallTextPct: number;
    smallTargets: string[];
  };
}

/** Field data (Chrome UX Report p75) when a provider is configured. */
export interface FieldDataArtifact {
  lcp: number | null;
  cls: number | null;
  fcp: number | null;
  inp: number | null;
  ttfb: number | null;
}

/** Keyword and link data from the SEO data provider (DataForSEO) when it is configured. */
export interface SeoDataArtifact {
  relatedKeywords: { keyword: string; position: number | null; volume: number | null; cpc: number | null }[];
  competitorDomains: { domain: string; common_keywords: number; authority: number | null }[];
  backlinks: { source: string; anchor: string; rel: string }[];
  referringDomains: number;
  nofollowShare: number;
}

/** Blocklist verdict when a Safe Browsing key is configured. */
export interface SafeBrowsingArtifact {
  status: 'clean' | 'listed';
  threats: string[];
}

/** What a Deep Analysis crawl knows about every page; only a crawl provides it. */
export interface CrawlPage {
  url: string;
  status: number | null;
  indexable: boolean;
  canonical: string | null;
  title: string | null;
  description: string | null;
  h1: string | null;
  contentHash: string | null;
  /** 64-bit simhash of the main content as a hex string. */
  simhash: string | null;
  depth: number | null;
  inlinks: number;
  inSitemap: boolean;
  hreflang: { lang: string; href: string }[];
}

export interface CrawlArtifact {
  /** The page being judged. */
  url: string;
  pages: CrawlPage[];
}

/**
 * Everything gatherers can produce. A check names the artifacts it needs in `requires` and sees
 * only those; a missing artifact makes the check `skipped`, never `failed`.
 */
export interface Artifacts {
  page: PageArtifact;
  document: DocumentArtifact;
  robotsTxt: TextFileArtifact;
  llmsTxt: TextFileArtifact;
  adsTxt: TextFileArtifact;
  resources: ResourceArtifact[];
  sitemaps: SitemapsArtifact;
  tls: TlsArtifact;
  dns: DnsArtifact;
  urlVariants: UrlVariantsArtifact;
  notFound: NotFoundArtifact;
  pageRepeat: PageRepeatArtifact;
  directoryProbes: DirectoryProbesArtifact;
  indexNow: IndexNowArtifact;
  linkChecks: LinkChecksArtifact;
  images: ImagesArtifact;
  browser: BrowserArtifact;
  fieldData: FieldDataArtifact;
  seoData: SeoDataArtifact;
  safeBrowsing: SafeBrowsingArtifact;
  crawl: CrawlArtifact;
}

export type ArtifactName = keyof Artifacts;
