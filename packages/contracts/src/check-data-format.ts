/**
 * How a check's own data fields read to people, on the report page and in the PDF alike: labels
 * written for people ("LCP", "HTTP/2", "URL", not "Lcp" or "Url") and a unit on every figure
 * ("512 ms", "1.2 Kb", "3 requests", "900 × 700 px"). One place, so the two never disagree.
 */

/** Fields every section result has; the rest are the check's own data. */
export const COMMON_RESULT_FIELDS: ReadonlySet<string> = new Set([
  'status',
  'message',
  'how_to_fix',
  'how_to_fix_video',
  'relevance',
  'recommendation',
  'description',
  'error',
]);

/** The check's own fields of a section result, in the order the engine wrote them. */
export function checkDataFields(result: Record<string, unknown>): [string, unknown][] {
  return Object.entries(result).filter(([key]) => !COMMON_RESULT_FIELDS.has(key));
}

/** Sizes as the spec writes them: B, Kb, Mb, and '> 1 Gb' above that. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return '> 1 Gb';
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(2)} Mb`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} Kb`;
  return `${bytes} B`;
}

/** A duration in milliseconds: fast ones in ms ("14 ms", not "0.01 s"), the rest in seconds. */
export function formatDuration(ms: number): string {
  return ms < 100 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** A cache lifetime in seconds, in the largest whole unit that reads well. */
function formatLifetime(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  const days = Math.round(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Words of a key that are names or abbreviations people write their own way. */
const WORDS: Record<string, string> = {
  url: 'URL',
  urls: 'URLs',
  lcp: 'LCP',
  cls: 'CLS',
  fcp: 'FCP',
  ttfb: 'TTFB',
  inp: 'INP',
  tbt: 'TBT',
  http: 'HTTP',
  http2: 'HTTP/2',
  https: 'HTTPS',
  hsts: 'HSTS',
  spf: 'SPF',
  dmarc: 'DMARC',
  cdn: 'CDN',
  css: 'CSS',
  js: 'JavaScript',
  javascript: 'JavaScript',
  html: 'HTML',
  dom: 'DOM',
  dns: 'DNS',
  tls: 'TLS',
  ssl: 'SSL',
  seo: 'SEO',
  ai: 'AI',
  id: 'ID',
  ids: 'IDs',
  ttl: 'TTL',
  cpc: 'CPC',
  serp: 'SERP',
  json: 'JSON',
  ld: 'LD',
  img: 'image',
  h1: 'H1',
  h2: 'H2',
  h3: 'H3',
  p75: '75th percentile',
  pct: '%',
  px: 'px',
  txt: '.txt',
};

/** Fields whose key does not say well on its own what they are. */
const LABELS: Record<string, string> = {
  snapshot_url: 'Screenshot',
  non_blank_ratio: 'Screen with content',
  lcp: 'Largest Contentful Paint (LCP)',
  cls: 'Cumulative Layout Shift (CLS)',
  fcp: 'First Contentful Paint (FCP)',
  ttfb: 'Time to First Byte (TTFB)',
  not_counted: 'Not counted (this machine busy)',
  inp: 'Interaction to Next Paint (INP)',
  tbt: 'Total Blocking Time (TBT)',
  lcp_lazy: 'Main image loads lazily',
  offscreen_eager: 'Images below the first screen loaded at once',
  html_size: 'HTML size',
  html_transfer_size: 'HTML transferred',
  text_html_ratio: 'Text to HTML',
  small_text_pct: 'Text smaller than 12 px',
  small_targets: 'Tap targets too small',
  js_only_words_pct: 'Words only in the rendered page',
  js_only_links: 'Links only in the rendered page',
  js_errors: 'JavaScript errors',
  js_execution: 'JavaScript execution',
  total_ms: 'Total',
  by_script: 'By script',
  ms: 'Time',
  speed_index: 'Speed Index',
  load_time: 'Load time',
  dom_content_loaded: 'DOMContentLoaded',
  response_time: 'Response time',
  title_px: 'Title width',
  description_px: 'Description width',
  title_length: 'Title length',
  description_length: 'Description length',
  overflow_px: 'Wider than the screen by',
  offending_nodes: 'Elements wider than the screen',
  dom: 'DOM',
  nodes: 'Elements',
  depth: 'Depth',
  max_children: 'Most children of one element',
  max_children_parent: 'That element',
  ssl: 'HTTPS',
  sub_results: 'Checks',
  certificate_chain: 'Certificate chain',
  sig_alg: 'Signature algorithm',
  not_before: 'Valid from',
  not_after: 'Valid until',
  hsts_header: 'HSTS header',
  h1_list: 'H1 headings',
  h2_list: 'H2 headings',
  heading_outline: 'Heading outline',
  img_tags: 'Images with missing or weak alt text',
  src: 'Image',
  alt: 'Alt text',
  href: 'Link',
  seo_unfriendly_urls: 'SEO-unfriendly URLs',
  ai_bots: 'AI crawlers',
  agent: 'User agent',
  llms_txt: 'llms.txt',
  ads_txt: 'ads.txt',
  robots_txt_url: 'robots.txt',
  robots_txt_errors: 'robots.txt errors',
  sitemaps_declared: 'Sitemaps in robots.txt',
  url_count: 'URLs',
  favicon_url: 'Favicon',
  indexnow: 'IndexNow',
  key_location: 'Key file',
  cdn_usage: 'CDN usage',
  on_cdn: 'Files on a CDN',
  not_on_cdn: 'Files not on a CDN',
  serp_preview: 'Search result preview',
  status_code: 'HTTP status',
  status: 'Status',
  open_graph: 'Open Graph',
  twitter_card: 'Twitter card',
  protocol: 'Protocol',
  non_http2_resources: 'Files not served over HTTP/2',
  x_powered_by: 'X-Powered-By',
  server: 'Server',
  freq: 'Found',
  count: 'Found',
  chars: 'Length',
  density: 'Density',
  in_title: 'In title',
  in_description: 'In description',
  in_headings: 'In headings',
  keywords_frequency: 'Keyword frequency',
  keywords_usage: 'Keyword usage',
  keywords_cloud: 'Keyword cloud',
  lang: 'Language',
  detected_lang: 'Detected language',
  word_count: 'Words',
  avg_sentence_words: 'Average sentence',
  ttl_seconds: 'Cached for',
  not_cached: 'Not cached',
  not_minified: 'Not minified',
  savings: 'Could save',
  meta_size: 'Metadata',
  wasted: 'Pixels not shown',
  natural: 'Image size',
  displayed: 'Shown at',
  bytes: 'Size',
  render_blocking_count: 'Render-blocking files',
  same_domain: 'This domain',
  other_domain: 'Other domains',
  other_domains: 'Other domains',
  insecure_url: 'Insecure URLs',
  unsafe_external_links: 'Unsafe external links',
  directory_listing_urls: 'Folders with a file listing',
  media_queries_count: 'Media queries',
  nested_tables: 'Nested tables',
  misplaced_head_elements: 'Head elements in the wrong place',
  duplicate_ids: 'Duplicate IDs',
  not_found: 'Missing page',
  custom: 'Custom 404 page',
  soft_404: 'Soft 404',
  console_messages: 'Console messages',
  diffs: 'Differences after JavaScript',
  raw: 'In the HTML',
  rendered: 'After JavaScript',
  savings_pct: 'Saved',
  compressed: 'Compressed',
  encoding: 'Encoding',
  page_cache: 'Page cache',
  header: 'Header',
  uncompressed: 'Uncompressed files',
  unused: 'Unused',
  total: 'Total',
  wait: 'Server wait',
  connect: 'Connect',
  load_delay: 'Load delay',
  load_duration: 'Load duration',
  render_delay: 'Render delay',
  largest_entry: 'Largest shift',
  node: 'Element',
  time: 'At',
  value: 'Value',
  score: 'Score',
  p75: '75th percentile',
  source: 'Source',
  content_signals: 'Content signals',
  explicit: 'Named in robots.txt',
  allowed: 'Allowed',
  rule: 'Rule',
  line: 'Line',
  related_keywords: 'Related keywords',
  competitor_domains: 'Competitor domains',
  common_keywords: 'Common keywords',
  volume: 'Search volume',
  backlinks_list: 'Backlinks',
  referring_domains: 'Referring domains',
  orphan_urls: 'Orphan pages',
  duplicate_of: 'Duplicate of',
  similarity: 'Similarity',
  safe_browsing: 'Safe Browsing',
  spf_record: 'SPF record',
  dmarc_record: 'DMARC record',
  emails: 'E-mail addresses',
  canonical_url: 'Canonical URL',
  canonical_tags: 'Canonical tags',
  hreflang_links: 'hreflang links',
  links: 'Links',
  internal: 'Internal',
  external: 'External',
  broken_links: 'Broken links',
  redirected_links: 'Redirected links',
  unverified_links: 'Links that could not be verified',
  local_links: 'Links to localhost',
  redirects_chain: 'Redirect chain',
  location: 'Redirects to',
  variants: 'URL variants',
  anchor: 'Link text',
  text: 'Text',
  flash_resources: 'Flash files',
  oversized_images: 'Oversized images',
  low_res_images: 'Low-resolution images',
  wrong_aspect_ratio_images: 'Stretched images',
  unoptimized_images: 'Images in older formats',
  images_with_large_metadata: 'Images with large metadata',
  large_images: 'Large images',
  unsized_images: 'Images without width and height',
  uncrawlable_links: 'Links crawlers cannot follow',
  non_descriptive_links: 'Links with vague text',
  nofollow_links: 'Nofollow links',
  nofollow_tags: 'Nofollow tags',
  noindex_tags: 'Noindex tags',
  disallow_tags: 'Disallow rules',
  analytics_tools: 'Analytics tools',
  social_media_networks: 'Social networks',
  inline_styles: 'Inline styles',
  deprecated_tags: 'Deprecated tags',
  tag: 'Tag',
  selector: 'Element',
  spelling_issues: 'Spelling',
  hard: 'Likely misspelt',
  soft: 'Unknown words',
  hard_count: 'Likely misspelt in all',
  soft_count: 'Unknown words in all',
  words_checked: 'Words checked',
  variant: 'Spelling read in',
  variant_source: 'Decided by',
  suggestions: 'Suggestions',
  structured_data: 'Structured data',
  types: 'Types',
  charset_declaration: 'Character set',
  meta_refresh_tag_content: 'Meta refresh content',
  security_headers: 'Security headers',
  missing_headers: 'Missing headers',
  exposed_versions: 'Versions shown',
  server_signature: 'Server signature',
  page_objects: 'Page objects',
  compression: 'Compression',
  readability: 'Readability',
  grade: 'Grade',
  frames: 'Frames',
  icons: 'Icons',
  rel: 'rel',
  valid: 'Valid',
  errors: 'Errors',
  warnings: 'Warnings',
  issues: 'Issues',
  issue: 'Problem',
  reason: 'Reason',
  reasons: 'Reasons',
  field: 'Field',
  kind: 'Kind',
  type: 'Type',
  format: 'Format',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A data field's name for people: its own label when it has one, else its words with names and
 * abbreviations spelt as people write them ("non_http2_resources" → "Non HTTP/2 resources").
 * Meta tag names ("og:title") and domains stay as they are; header names read as headers do.
 */
export function checkFieldLabel(key: string): string {
  const own = LABELS[key];
  if (own) return own;
  if (/[:.]/.test(key)) return key;
  if (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(key)) return key.split('-').map(capitalise).join('-');
  const words = key
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word);
  return capitalise(words.join(' '));
}

type Unit =
  | 'ms'
  | 'bytes'
  | 'percent'
  | 'ratio'
  | 'px'
  | 'lifetime'
  | 'shift'
  | 'usd'
  | 'plain'
  | readonly [singular: string, plural: string];

/**
 * The unit of a number by where it sits: the path of keys from the field down (array items add
 * no key), e.g. "page_objects.size_by_type.images" or "not_minified.size". First match wins.
 */
const UNITS: [RegExp, Unit][] = [
  [/(^|\.)(ttfb|phases)\.\w+$/, 'ms'],
  [/^unused\.(js|css)\.(total|unused)$/, 'bytes'],
  [/^page_objects\.size_by_(type|domain)\./, 'bytes'],
  [/^page_objects\.requests_by_(type|domain)\./, ['request', 'requests']],
  [/^page_objects\.\w+$/, ['file', 'files']],
  [/^links\.\w+$/, ['link', 'links']],
  [/^dom\.nodes$/, ['element', 'elements']],
  [/^dom\.depth$/, ['level', 'levels']],
  [/^dom\.max_children$/, ['child', 'children']],
  [/^depth$/, ['click', 'clicks']],
  [/(^|\.)(status|status_code|line|position|authority)$/, 'plain'],
  [/^readability\.score$/, 'plain'],
  [
    /(^|\.)(duration|fcp|tbt|total_ms|ms|speed_index|load_time|dom_content_loaded|response_time|time|p75)$/,
    'ms',
  ],
  [/(^|\.)(\w+_size|size|bytes|savings|raw|compressed)$/, 'bytes'],
  [/(^|\.)(\w+_pct|text_html_ratio|density)$/, 'percent'],
  [/(^|\.)(non_blank_ratio|wasted|similarity)$/, 'ratio'],
  [/(^|\.)\w*_px$/, 'px'],
  [/(^|\.)ttl_seconds$/, 'lifetime'],
  [/^cls\.(score|largest_entry\.value)$/, 'shift'],
  [/(^|\.)cpc$/, 'usd'],
  [/(^|\.)(title_length|description_length|chars)$/, ['character', 'characters']],
  [/(^|\.)(word_count|avg_sentence_words)$/, ['word', 'words']],
  [/(^|\.)(count|freq)$/, ['time', 'times']],
  [/(^|\.)url_count$/, ['URL', 'URLs']],
  [/(^|\.)media_queries_count$/, ['media query', 'media queries']],
  [/(^|\.)render_blocking_count$/, ['file', 'files']],
  [/(^|\.)nested_tables$/, ['table', 'tables']],
  [/(^|\.)(referring_domains)$/, ['domain', 'domains']],
  [/(^|\.)common_keywords$/, ['keyword', 'keywords']],
  [/(^|\.)volume$/, ['search a month', 'searches a month']],
];

function unitOf(path: readonly string[]): Unit | null {
  const joined = path.join('.');
  return UNITS.find(([pattern]) => pattern.test(joined))?.[1] ?? null;
}

/** A number in its unit, from where it sits in the data. */
function formatNumber(path: readonly string[], value: number): string {
  const unit = unitOf(path);
  if (unit === null || unit === 'plain') return number(value);
  if (Array.isArray(unit)) return `${number(value)} ${value === 1 ? unit[0] : unit[1]}`;
  switch (unit) {
    case 'ms':
      return formatDuration(value);
    case 'bytes':
      return formatBytes(value);
    case 'percent':
      return `${number(value)} %`;
    case 'ratio':
      return `${Math.round(value * 1000) / 10} %`;
    case 'px':
      return `${number(value)} px`;
    case 'lifetime':
      return formatLifetime(value);
    case 'shift':
      return value.toFixed(3);
    case 'usd':
      return `$${value.toFixed(2)}`;
    default:
      return number(value);
  }
}

/** Codes the engine writes as values, in words. */
const VALUE_WORDS: Record<string, string> = {
  uppercase: 'uppercase letters',
  underscore: 'underscores',
  space: 'spaces',
  double_slash: 'double slashes',
  non_ascii: 'non-ASCII characters',
  session_id: 'a session id',
  too_long: 'too long',
  too_many_parameters: 'too many query parameters',
  empty_href: 'empty href',
  javascript: 'javascript: href',
  file: 'file: href',
  onclick_only: 'onclick without href',
  listener_only: 'click handler without href',
  invalid_url: 'invalid URL',
  unsupported_scheme: 'non-web scheme',
  missing: 'missing',
  filename: 'repeats the file name',
  redundant: 'repeats the text next to it',
  'lab-tbt': 'lab (Total Blocking Time)',
};
/** Fields whose string values are such codes. */
const CODED = /(^|\.)(reason|reasons|issue|source)$/;
/** The spelling check's variant and what decided it (`spelling_issues.variant`, `.variant_source`). */
const SPELLING_WORDS: Record<string, Record<string, string>> = {
  variant: { 'en-US': 'American English', 'en-GB': 'British English' },
  variant_source: {
    lang: 'the page’s lang attribute',
    words: 'the page’s own words',
    default: 'nothing on the page (American by default)',
    site: 'the spelling most of the site is written in',
  },
};
const STATUS_WORDS: Record<string, string> = {
  passed: 'Passed',
  warning: 'Warning',
  failed: 'Failed',
  skipped: 'Not applicable',
};

const isDimensions = (value: unknown): value is { width: number; height: number } =>
  Boolean(value) &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value as object).length === 2 &&
  typeof (value as { width?: unknown }).width === 'number' &&
  typeof (value as { height?: unknown }).height === 'number';

/** True when a value is shown as one line of text (a table cell, a description), not as a list or table. */
export function isCheckScalar(value: unknown): boolean {
  return value === null || value === undefined || typeof value !== 'object' || isDimensions(value);
}

/** The text shown for an empty value. */
export const EMPTY_VALUE = '—';

/**
 * One value as text with its unit, by the path of keys it sits at (array items add no key):
 * `formatCheckValue(['not_minified', 'size'], 133379)` → "130.3 Kb"; `{ width: 1, height: 1 }` →
 * "1 × 1 px"; true → "Yes". Lists and records are not scalars: they read as lists and tables, and
 * a value inside a table cell goes through `formatCheckCell`.
 */
export function formatCheckValue(path: readonly string[], value: unknown): string {
  const key = path.at(-1) ?? '';
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? formatNumber(path, value) : EMPTY_VALUE;
  if (isDimensions(value)) return `${number(value.width)} × ${number(value.height)} px`;
  if (typeof value === 'string') {
    const size = /^(\d+)\s*[×x]\s*(\d+)$/.exec(value);
    if (size) return `${size[1]} × ${size[2]} px`;
    if (key === 'status' && value in STATUS_WORDS) return STATUS_WORDS[value]!;
    if (CODED.test(path.join('.')) && value in VALUE_WORDS) return VALUE_WORDS[value]!;
    if (path.at(-2) === 'spelling_issues' && SPELLING_WORDS[key]?.[value]) return SPELLING_WORDS[key][value]!;
    return value;
  }
  return formatCheckCell(path, value).text;
}

/** A table cell or list item: its text and, for a web address, the link. */
export interface CheckDataCell {
  text: string;
  href?: string;
}

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value);

/**
 * Any value as one cell of text, never JSON: scalars as `formatCheckValue`, a list of plain values
 * joined with commas, a record as "Label: value" pairs, a list of records as "N items".
 */
export function formatCheckCell(path: readonly string[], value: unknown): CheckDataCell {
  if (isHttpUrl(value)) return { text: value, href: value };
  if (isCheckScalar(value)) return { text: formatCheckValue(path, value) };
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: 'None' };
    if (value.every(isCheckScalar))
      return { text: value.map((item) => formatCheckValue(path, item)).join(', ') };
    return {
      text: value.map((item) => formatCheckCell(path, item).text).join('; '),
    };
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return { text: 'None' };
  return {
    text: entries
      .map(([key, item]) => `${checkFieldLabel(key)}: ${formatCheckCell([...path, key], item).text}`)
      .join(', '),
  };
}

/** A list of records (a table), as opposed to a list of plain values. */
export function isRecordList(value: unknown): value is Record<string, unknown>[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) => item !== null && typeof item === 'object' && !Array.isArray(item) && !isDimensions(item),
    )
  );
}

/** The columns of a table of records: every key any row has, in first-seen order, at most `max`. */
export function recordColumns(items: readonly Record<string, unknown>[], max = 6): string[] {
  return [...new Set(items.flatMap((item) => Object.keys(item)))].slice(0, max);
}

/**
 * The `count` largest entries of a name → number map, largest first, the rest summed as "Other"
 * (the page objects' tables by type and by domain).
 */
export function topEntries(values: Record<string, number>, count = 10): [string, number][] {
  const entries = Object.entries(values).sort((a, b) => b[1] - a[1]);
  const rest = entries.slice(count);
  return rest.length === 0
    ? entries
    : [...entries.slice(0, count), ['Other', rest.reduce((sum, [, value]) => sum + value, 0)]];
}
