import { Document, Image, Link, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { CheckDataCell } from '@sitelens/contracts';
import { formatDate, SCORE_BANDS, type ScoreBand, scoreBand, scoreVerdict } from '@sitelens/contracts';
import { createElement as h, type ReactElement } from 'react';
import {
  checkDataBlocks,
  clip,
  columnWidths,
  fitImage,
  fitWidth,
  imageSize,
  type PdfDataBlock,
  pdfText,
  printableScreenshot,
  proseHyphenation,
  proseText,
  wrapUrl,
} from './report-pdf-helpers';

// Written with createElement like invoice-pdf.ts, and so a .ts file: the server's tsconfig sets no
// `jsx` option, and tsc refuses to import a .tsx module without one.

export interface ReportPdfCheck {
  key: string;
  title: string;
  status: 'passed' | 'warning' | 'failed' | 'skipped';
  message: string;
  recommendation: string;
  /** The stored section result (or only its own fields): the key checks show them as tables. */
  data?: Record<string, unknown>;
}

export interface ReportPdfCategory {
  key: string;
  title: string;
  score: number;
  checks: ReportPdfCheck[];
}

export interface ReportPdfInput {
  url: string;
  createdAt: Date;
  overview: {
    score: number;
    passed: number;
    warning: number;
    failed: number;
    not_applicable?: number | undefined;
  };
  categories: ReportPdfCategory[];
  importantFixes: { section_key: string; title: string; relevance: number; recommendation: string }[];
  competitors: { url: string; score: number | null; error: string | null }[];
  /** PNG bytes of the mobile screenshot, when there is one. */
  snapshotPng: Buffer | null;
  /** White-label branding, added later by another module: a logo image (png/jpg bytes), a header and a footer line. */
  branding?: { logo?: Buffer; header?: string; footer?: string };
}

/** The spec's limit on template header and footer lines. */
const BRANDING_TEXT_MAX = 144;

const PAGE = { width: 595.28, marginX: 48 };
const FOOTER_BOTTOM = 22;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;
/** Widths of the columns that hold prose: a check's texts, beside its status; a fix's, beside its priority. */
const CHECK_TEXT_WIDTH = CONTENT_WIDTH - 82;
/** Detail tables sit under a check's texts, as wide as they are. */
const DATA_WIDTH = CHECK_TEXT_WIDTH;
const DATA_FONT = 8.5;
const CELL_PADDING = 4;
/** Rows a detail table shows at most; the rest are counted below it. */
const DATA_ROWS = 8;
const FIX_TEXT_WIDTH = CONTENT_WIDTH - 3 - 16 - 62;
/** Template logos are shown 70 px high (spec): 52.5 pt. */
const LOGO = { height: 52.5, maxWidth: 240 };
/** The logo again above every later page, small enough for the running header. */
const RUNNING_LOGO_HEIGHT = 14;
const SNAPSHOT = { width: 180, maxHeight: 420 };

const INK = '#1f1f1f';
const MUTED = '#595959';
const FAINT = '#8c8c8c';
const RULE = '#e8e8e8';
const ACCENT = '#1677ff';
const LEADING = 1.35;

type Tone = ScoreBand | 'grey' | 'blue';

/** Fill (the spec's band colours), readable text, light background and border for each tone. */
const TONES: Record<Tone, { fill: string; text: string; bg: string; border: string }> = {
  green: { fill: SCORE_BANDS.green.color, text: '#237804', bg: '#f6ffed', border: '#b7eb8f' },
  amber: { fill: SCORE_BANDS.amber.color, text: '#ad6800', bg: '#fffbe6', border: '#ffe58f' },
  red: { fill: SCORE_BANDS.red.color, text: '#cf1322', bg: '#fff1f0', border: '#ffa39e' },
  grey: { fill: '#bfbfbf', text: FAINT, bg: '#fafafa', border: '#d9d9d9' },
  blue: { fill: ACCENT, text: '#0958d9', bg: '#e6f4ff', border: '#91caff' },
};

const STATUS: Record<ReportPdfCheck['status'], { label: string; tone: Tone }> = {
  passed: { label: 'Passed', tone: 'green' },
  warning: { label: 'Warning', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
  skipped: { label: 'Not applicable', tone: 'grey' },
};

/** Priority by relevance (spec section 9): above 7 high, above 3 to 7 medium, 1 to 3 low. */
export function fixPriority(relevance: number): { label: 'High' | 'Medium' | 'Low'; tone: Tone } {
  if (relevance > 7) return { label: 'High', tone: 'red' };
  if (relevance > 3) return { label: 'Medium', tone: 'amber' };
  return { label: 'Low', tone: 'blue' };
}

const displayScore = (score: number) => Math.min(100, Math.max(0, Math.round(score)));

const styles = StyleSheet.create({
  // No line height on the page: react-pdf 4.9 does not draw a `render` text (the page number) with
  // one, inherited or its own, so the texts that wrap set it themselves (LEADING).
  page: {
    paddingTop: 56,
    paddingBottom: 64,
    paddingHorizontal: PAGE.marginX,
    fontSize: 10,
    fontFamily: 'Helvetica',
    color: INK,
  },
  bold: { fontFamily: 'Helvetica-Bold' },
  runningHeader: { position: 'absolute', top: 24, left: PAGE.marginX, right: PAGE.marginX },
  runningHeaderInner: {
    flexDirection: 'row',
    alignItems: 'center',
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingBottom: 4,
    fontSize: 8,
    color: FAINT,
  },
  runningHeaderText: { flex: 1, flexDirection: 'row', justifyContent: 'space-between' },
  footer: {
    position: 'absolute',
    bottom: FOOTER_BOTTOM,
    left: PAGE.marginX,
    right: PAGE.marginX,
    flexDirection: 'row',
    // Top-aligned: react-pdf 4.9 lays a `render` text out 0 high, so it hangs from where it is placed.
    alignItems: 'flex-start',
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
    fontSize: 8,
    color: FAINT,
  },
  footerText: { width: CONTENT_WIDTH - 90 },
  // No width of its own: react-pdf 4.9 does not draw a `render` text that has one.
  pageNumber: { flex: 1, textAlign: 'right' },
  logo: { marginBottom: 14, objectFit: 'contain' },
  title: { fontSize: 24, fontFamily: 'Helvetica-Bold', lineHeight: 1.2 },
  titleLong: { fontSize: 17, fontFamily: 'Helvetica-Bold', lineHeight: 1.25 },
  coverUrl: { lineHeight: LEADING, fontSize: 12, color: ACCENT, marginTop: 8, textDecoration: 'none' },
  coverDate: { fontSize: 10, color: MUTED, marginTop: 4 },
  scoreBlock: {
    flexDirection: 'row',
    alignItems: 'center',
    marginTop: 22,
    padding: 16,
    borderWidth: 1,
    borderColor: RULE,
    borderRadius: 6,
  },
  scoreCircle: {
    width: 96,
    height: 96,
    borderRadius: 48,
    borderWidth: 7,
    alignItems: 'center',
    justifyContent: 'center',
  },
  scoreNumber: { fontSize: 30, fontFamily: 'Helvetica-Bold', lineHeight: 1 },
  scoreOutOf: { fontSize: 8, color: FAINT, marginTop: 2 },
  scoreSide: { flex: 1, marginLeft: 20 },
  scoreHeading: { fontSize: 13, fontFamily: 'Helvetica-Bold' },
  scoreVerdict: { lineHeight: LEADING, fontSize: 9.5, color: MUTED, marginTop: 3 },
  stats: { flexDirection: 'row', marginTop: 10 },
  stat: {
    width: 84,
    marginRight: 8,
    paddingVertical: 6,
    paddingHorizontal: 8,
    borderRadius: 4,
    borderWidth: 1,
  },
  statNumber: { fontSize: 16, fontFamily: 'Helvetica-Bold', lineHeight: 1.1 },
  statLabel: { fontSize: 8.5, color: MUTED },
  sectionHeading: {
    fontSize: 15,
    fontFamily: 'Helvetica-Bold',
    marginTop: 24,
    marginBottom: 8,
    paddingBottom: 4,
    borderBottomWidth: 1.5,
    borderBottomColor: ACCENT,
  },
  note: { lineHeight: LEADING, fontSize: 9.5, color: MUTED },
  tableHead: {
    flexDirection: 'row',
    backgroundColor: '#fafafa',
    borderBottomWidth: 1,
    borderBottomColor: RULE,
    paddingVertical: 5,
    paddingHorizontal: 6,
    fontSize: 8.5,
    fontFamily: 'Helvetica-Bold',
    color: MUTED,
  },
  tableRow: {
    flexDirection: 'row',
    alignItems: 'center',
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingVertical: 6,
    paddingHorizontal: 6,
  },
  colName: { flex: 1, paddingRight: 8 },
  colCount: { width: 50, textAlign: 'right' },
  colScore: { width: 110, flexDirection: 'row', alignItems: 'center', justifyContent: 'flex-end' },
  bar: { width: 60, height: 5, borderRadius: 2.5, backgroundColor: '#f0f0f0', marginRight: 8 },
  barFill: { height: 5, borderRadius: 2.5 },
  scoreCell: { width: 24, textAlign: 'right', fontFamily: 'Helvetica-Bold' },
  fix: {
    flexDirection: 'row',
    marginBottom: 6,
    paddingVertical: 7,
    paddingHorizontal: 8,
    borderLeftWidth: 3,
    backgroundColor: '#fafafa',
  },
  fixPriority: { width: 62, alignItems: 'flex-start' },
  pill: {
    paddingTop: 2.5,
    paddingBottom: 1,
    paddingHorizontal: 5,
    lineHeight: 1.2,
    borderRadius: 3,
    borderWidth: 0.75,
    fontSize: 8,
    fontFamily: 'Helvetica-Bold',
  },
  fixBody: { flex: 1 },
  fixTitle: { lineHeight: 1.25, fontSize: 10.5, fontFamily: 'Helvetica-Bold' },
  fixText: { lineHeight: LEADING, fontSize: 9.5, color: '#434343', marginTop: 2 },
  categoryHead: {
    flexDirection: 'row',
    alignItems: 'center',
    marginTop: 22,
    marginBottom: 4,
    paddingBottom: 5,
    borderBottomWidth: 1.5,
    borderBottomColor: ACCENT,
  },
  categoryTitle: { lineHeight: 1.25, flex: 1, fontSize: 14, fontFamily: 'Helvetica-Bold' },
  categoryCounts: { fontSize: 8.5, color: FAINT, marginRight: 10 },
  check: {
    flexDirection: 'row',
    paddingTop: 7,
    paddingBottom: 7,
    borderTopWidth: 0.5,
    borderTopColor: RULE,
  },
  checkFirst: { borderTopWidth: 0 },
  details: { marginLeft: CONTENT_WIDTH - CHECK_TEXT_WIDTH, marginTop: -2, paddingBottom: 8 },
  dataBlock: { marginTop: 5, flexShrink: 0 },
  dataTitle: {
    flexShrink: 0,
    fontSize: 8.5,
    fontFamily: 'Helvetica-Bold',
    color: MUTED,
    marginBottom: 2,
    lineHeight: 1.25,
  },
  dataHead: {
    flexDirection: 'row',
    backgroundColor: '#fafafa',
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    borderBottomWidth: 0.75,
    borderBottomColor: '#d9d9d9',
    paddingVertical: 2.5,
    fontSize: 8,
    fontFamily: 'Helvetica-Bold',
    color: MUTED,
  },
  dataRow: {
    flexDirection: 'row',
    flexShrink: 0,
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingVertical: 2.5,
    fontSize: DATA_FONT,
  },
  // The font size is set on the cell itself: react-pdf 4.9 misplaces a line height over an inherited one.
  dataCell: { paddingHorizontal: CELL_PADDING, fontSize: DATA_FONT, lineHeight: 1.25 },
  dataHeadCell: { fontSize: 8 },
  dataLabel: { color: MUTED },
  dataMore: { fontSize: 8, color: FAINT, marginTop: 2, fontFamily: 'Helvetica-Oblique' },
  checkMarker: { width: CONTENT_WIDTH - CHECK_TEXT_WIDTH, flexDirection: 'row', paddingTop: 1 },
  dot: { width: 8, height: 8, borderRadius: 4, marginTop: 2, marginRight: 5 },
  checkLabel: { fontSize: 8.5, fontFamily: 'Helvetica-Bold' },
  checkBody: { flex: 1 },
  checkTitle: { lineHeight: 1.25, fontSize: 10.5, fontFamily: 'Helvetica-Bold' },
  checkMessage: { lineHeight: LEADING, fontSize: 9.5, color: '#434343', marginTop: 2 },
  checkSkipped: {
    lineHeight: LEADING,
    fontSize: 9.5,
    color: FAINT,
    marginTop: 2,
    fontFamily: 'Helvetica-Oblique',
  },
  recommendation: {
    lineHeight: LEADING,
    marginTop: 5,
    paddingVertical: 5,
    paddingHorizontal: 7,
    borderRadius: 3,
    fontSize: 9,
  },
  snapshotFrame: {
    alignSelf: 'flex-start',
    marginTop: 8,
    padding: 5,
    borderWidth: 1,
    borderColor: '#d9d9d9',
    borderRadius: 8,
  },
  link: { color: ACCENT, textDecoration: 'none' },
  tableUrl: { fontSize: 9.5, lineHeight: 1.25 },
});

const noHyphenation = (word: string) => [word];

type Style = Parameters<typeof StyleSheet.create>[0][string];

/** A URL as link text in `style` (which sets its font size), laid out in lines that fit `width`. */
const urlText = (url: string, width: number, style: typeof styles.coverUrl | typeof styles.tableUrl) => {
  const text = wrapUrl(pdfText(url), width, style.fontSize);
  const body = h(Text, { hyphenationCallback: noHyphenation }, text);
  return /^https?:\/\//i.test(url)
    ? h(Link, { src: url, style: [styles.link, style] }, body)
    : h(Text, { style }, body);
};

const pill = (label: string, tone: Tone) =>
  h(
    Text,
    {
      style: [
        styles.pill,
        { color: TONES[tone].text, backgroundColor: TONES[tone].bg, borderColor: TONES[tone].border },
      ],
    },
    label,
  );

const scorePill = (score: number) => {
  const value = displayScore(score);
  return pill(`${value} / 100`, scoreBand(value));
};

/** A section title, kept on the page of what follows it. */
const sectionHeading = (text: string) =>
  h(Text, { style: styles.sectionHeading, minPresenceAhead: 60 }, text);

/**
 * A section whose title never ends a page alone: the title and `opening` (its first lines) move to
 * the next page together. A minimum of space ahead alone lets the title slip when what follows is
 * a block that does not break.
 */
const headedSection = (title: string, opening: (ReactElement | null)[], rest: ReactElement[] = []) =>
  h(View, null, h(View, { wrap: false }, sectionHeading(title), ...opening), ...rest);

/** Pages after the cover: the logo (small), the title and the URL above a rule. */
function runningHeader(label: string, url: string, logo: { src: Buffer; width: number } | null) {
  const textWidth = logo ? CONTENT_WIDTH - logo.width - 8 : CONTENT_WIDTH;
  return h(View, {
    fixed: true,
    style: styles.runningHeader,
    render: ({ pageNumber }: { pageNumber: number }) =>
      pageNumber > 1
        ? h(
            View,
            { style: styles.runningHeaderInner },
            logo
              ? h(Image, {
                  src: logo.src,
                  style: {
                    width: logo.width,
                    height: RUNNING_LOGO_HEIGHT,
                    marginRight: 8,
                    objectFit: 'contain',
                  },
                })
              : null,
            h(
              View,
              { style: styles.runningHeaderText },
              h(Text, { hyphenationCallback: noHyphenation }, fitWidth(label, textWidth * 0.5, 8)),
              h(Text, { hyphenationCallback: noHyphenation }, fitWidth(url, textWidth * 0.45, 8)),
            ),
          )
        : null,
  });
}

function footer(text: string) {
  return h(
    View,
    { fixed: true, style: styles.footer },
    h(Text, { style: styles.footerText }, text),
    h(Text, {
      style: styles.pageNumber,
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
        `Page ${pageNumber} of ${totalPages}`,
    }),
  );
}

function cover(input: ReportPdfInput, title: string, logo: ReactElement | null) {
  const score = displayScore(input.overview.score);
  const band = TONES[scoreBand(score)];
  const stat = (count: number, label: string, tone: Tone) =>
    h(
      View,
      {
        key: label,
        style: [styles.stat, { borderColor: TONES[tone].border, backgroundColor: TONES[tone].bg }],
      },
      h(Text, { style: [styles.statNumber, { color: TONES[tone].text }] }, String(count)),
      h(Text, { style: styles.statLabel }, label),
    );
  return h(
    View,
    { wrap: false },
    logo,
    h(Text, { style: title.length > 60 ? styles.titleLong : styles.title }, title),
    urlText(input.url, CONTENT_WIDTH, styles.coverUrl),
    h(Text, { style: styles.coverDate }, `Report date: ${formatDate(input.createdAt)}`),
    h(
      View,
      { style: styles.scoreBlock },
      h(
        View,
        { style: [styles.scoreCircle, { borderColor: band.fill, backgroundColor: band.bg }] },
        h(Text, { style: [styles.scoreNumber, { color: band.text }] }, String(score)),
        h(Text, { style: styles.scoreOutOf }, 'out of 100'),
      ),
      h(
        View,
        { style: styles.scoreSide },
        h(Text, { style: styles.scoreHeading }, 'Overall SEO score'),
        h(Text, { style: styles.scoreVerdict }, scoreVerdict(score)),
        h(
          View,
          { style: styles.stats },
          stat(input.overview.passed, 'Passed', 'green'),
          stat(input.overview.warning, input.overview.warning === 1 ? 'Warning' : 'Warnings', 'amber'),
          stat(input.overview.failed, 'Failed', 'red'),
          input.overview.not_applicable === undefined
            ? null
            : stat(input.overview.not_applicable, 'Not applicable', 'grey'),
        ),
      ),
    ),
  );
}

function categoryTable(categories: ReportPdfCategory[]) {
  const count = (category: ReportPdfCategory, status: ReportPdfCheck['status']) =>
    String(category.checks.filter((check) => check.status === status).length);
  const head = h(
    View,
    { style: styles.tableHead },
    h(Text, { style: styles.colName }, 'Category'),
    h(Text, { style: styles.colCount }, 'Passed'),
    h(Text, { style: styles.colCount }, 'Warnings'),
    h(Text, { style: styles.colCount }, 'Failed'),
    h(Text, { style: [styles.colScore, { textAlign: 'right' }] }, 'Score'),
  );
  const rows = categories.map((category) => {
    const score = displayScore(category.score);
    const tone = TONES[scoreBand(score)];
    return h(
      View,
      { key: category.key, style: styles.tableRow, wrap: false },
      h(Text, { style: [styles.colName, styles.bold] }, pdfText(category.title)),
      h(Text, { style: [styles.colCount, { color: TONES.green.text }] }, count(category, 'passed')),
      h(Text, { style: [styles.colCount, { color: TONES.amber.text }] }, count(category, 'warning')),
      h(Text, { style: [styles.colCount, { color: TONES.red.text }] }, count(category, 'failed')),
      h(
        View,
        { style: styles.colScore },
        h(
          View,
          { style: styles.bar },
          h(View, { style: [styles.barFill, { width: (60 * score) / 100, backgroundColor: tone.fill }] }),
        ),
        h(Text, { style: [styles.scoreCell, { color: tone.text }] }, String(score)),
      ),
    );
  });
  if (rows.length === 0)
    return headedSection('Summary by category', [
      head,
      h(Text, { style: [styles.note, { marginTop: 6 }] }, 'No categories.'),
    ]);
  return headedSection('Summary by category', [head, rows[0]!], rows.slice(1));
}

function issuesToFix(fixes: ReportPdfInput['importantFixes']) {
  const sorted = [...fixes].sort((a, b) => b.relevance - a.relevance);
  const intro =
    sorted.length === 0
      ? h(Text, { style: styles.note }, 'No important issues were found.')
      : h(
          Text,
          { style: [styles.note, { marginBottom: 8 }] },
          'The most important problems found, highest priority first.',
        );
  const items = sorted.map((fix, index) => {
    const priority = fixPriority(fix.relevance);
    return h(
      View,
      {
        key: `${fix.section_key}-${index}`,
        wrap: fix.recommendation.length > 1500,
        style: [styles.fix, { borderLeftColor: TONES[priority.tone].fill }],
      },
      h(View, { style: styles.fixPriority }, pill(priority.label, priority.tone)),
      h(
        View,
        { style: styles.fixBody },
        h(Text, { style: styles.fixTitle }, pdfText(fix.title || fix.section_key)),
        fix.recommendation
          ? h(
              Text,
              { style: styles.fixText, hyphenationCallback: proseHyphenation },
              proseText(fix.recommendation, FIX_TEXT_WIDTH, styles.fixText.fontSize),
            )
          : null,
      ),
    );
  });
  // A first fix long enough to break across pages cannot go in an unbreakable block: the title
  // keeps its intro then, and its minimum of space ahead.
  const [first, ...rest] = items;
  const firstBreaks = (sorted[0]?.recommendation.length ?? 0) > 1500;
  if (!first || firstBreaks) return headedSection('Issues to fix', [intro], items);
  return headedSection('Issues to fix', [intro, first], rest);
}

/**
 * Checks that carry their detail tables in the PDF whatever their status: the measures a reader
 * looks for (web vitals, load times, page weight) and the lists that say what to fix. Any other
 * check shows its data when it failed or warned.
 */
export const KEY_CHECKS: ReadonlySet<string> = new Set([
  'web-vitals-lcp',
  'web-vitals-cls',
  'web-vitals-fcp',
  'web-vitals-ttfb',
  'web-vitals-inp',
  'site-loading-speed',
  'page-objects',
  'http-redirects',
  'heading-tags',
  'image-alt',
  'broken-links',
]);

/** The detail blocks a check shows in the PDF: none for a skipped or passed check outside KEY_CHECKS. */
export function pdfDetails(check: ReportPdfCheck): PdfDataBlock[] {
  if (!check.data || check.status === 'skipped') return [];
  if (check.status === 'passed' && !KEY_CHECKS.has(check.key)) return [];
  return checkDataBlocks(check.data, DATA_ROWS);
}

/** A cell's text in a column `width` points wide: a web address as a link, broken at its separators. */
function cellText(cell: CheckDataCell, width: number, style: Style) {
  const room = width - 2 * CELL_PADDING;
  if (cell.href)
    return h(
      Link,
      { src: cell.href, style: [styles.dataCell, styles.link, style, { width }] },
      h(Text, { hyphenationCallback: noHyphenation }, wrapUrl(pdfText(cell.text), room, DATA_FONT)),
    );
  return h(
    Text,
    { style: [styles.dataCell, style, { width }], hyphenationCallback: proseHyphenation },
    proseText(cell.text, room, DATA_FONT),
  );
}

const moreLine = (more: number) =>
  more > 0 ? h(Text, { style: styles.dataMore }, `and ${more} more (see the report online)`) : null;

function dataBlock(block: PdfDataBlock, index: number) {
  const title = block.title ? h(Text, { style: styles.dataTitle }, pdfText(block.title)) : null;
  if (block.kind === 'pairs') {
    const labelWidth = Math.min(
      170,
      columnWidths(
        ['', ''],
        block.rows.map((row) => [{ text: row.label }, row.cell]),
        DATA_WIDTH,
        DATA_FONT,
      )[0]!,
    );
    const rows = block.rows.map((row, i) =>
      h(
        View,
        { key: i, style: styles.dataRow },
        cellText({ text: row.label }, labelWidth, styles.dataLabel),
        cellText(row.cell, DATA_WIDTH - labelWidth, {}),
      ),
    );
    return h(View, { key: index, style: styles.dataBlock, wrap: false }, title, ...rows);
  }
  if (block.kind === 'list') {
    const items = block.items.map((item, i) =>
      h(
        View,
        { key: i, style: styles.dataRow },
        cellText({ text: '•' }, 14, styles.dataLabel),
        cellText(item, DATA_WIDTH - 14, {}),
      ),
    );
    return h(
      View,
      { key: index, style: styles.dataBlock, wrap: false },
      title,
      ...items,
      moreLine(block.more),
    );
  }
  const widths = columnWidths(block.columns, block.rows, DATA_WIDTH, DATA_FONT);
  const head = h(
    View,
    { style: styles.dataHead },
    ...block.columns.map((column, i) => cellText({ text: column }, widths[i]!, styles.dataHeadCell)),
  );
  const rows = block.rows.map((row, r) =>
    h(View, { key: r, style: styles.dataRow }, ...row.map((cell, i) => cellText(cell, widths[i]!, {}))),
  );
  return h(
    View,
    { key: index, style: styles.dataBlock, wrap: false },
    title,
    head,
    ...rows,
    moreLine(block.more),
  );
}

/** A check's status, title, message and recommendation: one unbreakable block unless very long. */
function checkTop(check: ReportPdfCheck, first: boolean) {
  const status = STATUS[check.status];
  const tone = TONES[status.tone];
  const showRecommendation =
    (check.status === 'warning' || check.status === 'failed') && check.recommendation.trim() !== '';
  // A row stays on one page unless it is long enough to fill most of one by itself.
  const long = check.message.length + (showRecommendation ? check.recommendation.length : 0) > 1500;
  return {
    long,
    element: h(
      View,
      { style: [styles.check, first ? styles.checkFirst : {}], wrap: long },
      h(
        View,
        { style: styles.checkMarker },
        h(View, { style: [styles.dot, { backgroundColor: tone.fill }] }),
        h(Text, { style: [styles.checkLabel, { color: tone.text }] }, status.label),
      ),
      h(
        View,
        { style: styles.checkBody },
        h(Text, { style: styles.checkTitle }, pdfText(check.title || check.key)),
        check.message
          ? h(
              Text,
              {
                style: check.status === 'skipped' ? styles.checkSkipped : styles.checkMessage,
                hyphenationCallback: proseHyphenation,
              },
              proseText(check.message, CHECK_TEXT_WIDTH, styles.checkMessage.fontSize),
            )
          : null,
        showRecommendation
          ? h(
              Text,
              {
                style: [styles.recommendation, { backgroundColor: tone.bg, color: INK }],
                hyphenationCallback: proseHyphenation,
              },
              h(Text, { style: styles.bold }, 'Recommendation: '),
              proseText(check.recommendation, CHECK_TEXT_WIDTH - 14, styles.recommendation.fontSize),
            )
          : null,
      ),
    ),
  };
}

function checkDetails(check: ReportPdfCheck) {
  const blocks = pdfDetails(check);
  return blocks.length > 0 ? h(View, { style: styles.details }, ...blocks.map(dataBlock)) : null;
}

function checkRow(check: ReportPdfCheck) {
  return h(View, { key: check.key }, checkTop(check, false).element, checkDetails(check));
}

function categorySection(category: ReportPdfCategory) {
  const counts = (['passed', 'warning', 'failed', 'skipped'] as const)
    .map((status) => [status, category.checks.filter((check) => check.status === status).length] as const)
    .filter(([status, count]) => count > 0 || status !== 'skipped')
    .map(([status, count]) => {
      if (status === 'skipped') return `${count} not checked`;
      return `${count} ${status === 'warning' && count !== 1 ? 'warnings' : status}`;
    })
    .join('  ·  ');
  const heading = h(
    View,
    { style: styles.categoryHead },
    h(Text, { style: styles.categoryTitle }, pdfText(category.title)),
    h(Text, { style: styles.categoryCounts }, counts),
    scorePill(category.score),
  );
  const [first, ...rest] = category.checks;
  if (!first)
    return h(
      View,
      { key: category.key, wrap: false },
      heading,
      h(Text, { style: [styles.note, { marginTop: 6 }] }, 'No checks in this category.'),
    );
  const top = checkTop(first, true);
  return h(
    View,
    { key: category.key },
    // The heading never sits alone at the foot of a page: it moves with its first check's texts
    // (and the first rows of that check's table follow them); a check too long for one page keeps
    // at least a few lines under the heading.
    top.long
      ? h(View, null, h(View, { minPresenceAhead: 80 }, heading), top.element)
      : h(View, { wrap: false }, heading, top.element),
    checkDetails(first),
    ...rest.map(checkRow),
  );
}

function snapshotSection(image: Buffer) {
  const size = imageSize(image);
  if (!size) return null;
  const drawn = fitImage(
    size,
    { width: SNAPSHOT.width },
    { width: SNAPSHOT.width, height: SNAPSHOT.maxHeight },
  );
  return h(
    View,
    { wrap: false },
    h(Text, { style: styles.sectionHeading }, 'Mobile snapshot'),
    h(Text, { style: styles.note }, 'How the page looks on a mobile device.'),
    h(View, { style: styles.snapshotFrame }, h(Image, { src: image, style: drawn })),
  );
}

function competitorsSection(input: ReportPdfInput) {
  const scoreWidth = 90;
  const nameWidth = CONTENT_WIDTH - 12 - scoreWidth - 8;
  const row = (key: string, url: string, score: number | null, error: string | null, own = false) =>
    h(
      View,
      { key, style: [styles.tableRow, own ? { backgroundColor: '#f5f9ff' } : {}], wrap: false },
      h(
        View,
        { style: styles.colName },
        urlText(url, nameWidth, styles.tableUrl),
        own ? h(Text, { style: { fontSize: 8, color: FAINT } }, 'This report') : null,
        score === null && error
          ? h(
              Text,
              {
                style: { fontSize: 8.5, color: TONES.red.text, marginTop: 1 },
                hyphenationCallback: proseHyphenation,
              },
              proseText(clip(error, 300), nameWidth, 8.5),
            )
          : null,
      ),
      h(
        View,
        { style: { width: scoreWidth, alignItems: 'flex-end' } },
        score === null ? pill('No score', 'grey') : scorePill(score),
      ),
    );
  return h(
    View,
    null,
    sectionHeading('Competitors'),
    h(
      View,
      { style: styles.tableHead },
      h(Text, { style: styles.colName }, 'Website'),
      h(Text, { style: { width: scoreWidth, textAlign: 'right' } }, 'SEO score'),
    ),
    row('own', input.url, input.overview.score, null, true),
    ...input.competitors.map((competitor, index) =>
      row(`competitor-${index}`, competitor.url, competitor.score, competitor.error),
    ),
  );
}

/**
 * The checkup report as an A4 PDF: a cover with the overall score, a summary by category, the issues
 * to fix, every check by category, the mobile snapshot and the competitors, with "Page X of Y" and a
 * footer line on every page. `branding` (a white-label template) replaces the title, adds the logo and
 * replaces the footer. The document's info dictionary carries the URL as its subject.
 */
export async function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const branding = input.branding ?? {};
  const header = pdfText(clip(branding.header?.trim() ?? '', BRANDING_TEXT_MAX));
  const footerText =
    pdfText(clip(branding.footer?.trim() ?? '', BRANDING_TEXT_MAX)) || 'Generated by Sitelens';
  const title = header || 'SEO Checkup';
  const snapshot = input.snapshotPng ? await printableScreenshot(input.snapshotPng, SNAPSHOT.width) : null;
  const logoSize = branding.logo ? imageSize(branding.logo) : null;
  const logo =
    branding.logo && logoSize
      ? h(Image, {
          src: branding.logo,
          style: [
            styles.logo,
            fitImage(logoSize, { height: LOGO.height }, { width: LOGO.maxWidth, height: LOGO.height }),
          ],
        })
      : null;
  const runningLogo =
    branding.logo && logoSize
      ? {
          src: branding.logo,
          width: Math.min(LOGO.maxWidth / 3, (logoSize.width / logoSize.height) * RUNNING_LOGO_HEIGHT),
        }
      : null;
  const whiteLabel = Boolean(header || branding.footer?.trim() || logo);

  const document = h(
    Document,
    {
      title: `SEO Checkup – ${input.url}`,
      subject: input.url,
      author: whiteLabel ? undefined : 'Sitelens',
      creator: whiteLabel ? undefined : 'Sitelens',
      language: 'en',
    },
    h(
      Page,
      { size: 'A4', style: styles.page, wrap: true },
      runningHeader(title, pdfText(input.url), runningLogo),
      footer(footerText),
      cover(input, title, logo),
      categoryTable(input.categories),
      issuesToFix(input.importantFixes),
      ...input.categories.map(categorySection),
      snapshot ? snapshotSection(snapshot) : null,
      input.competitors.length > 0 ? competitorsSection(input) : null,
    ),
  );
  return renderToBuffer(document);
}
