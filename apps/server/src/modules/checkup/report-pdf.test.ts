import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCount, pageImages, pageTexts, rawPdf } from '../../test/pdf';
import { fixPriority, type ReportPdfCheck, type ReportPdfInput, renderReportPdf } from './report-pdf';
import { fitImage, imageSize, pdfText, proseText, wrapUrl } from './report-pdf-helpers';

const URL = 'https://www.example.com/pricing?plan=pro';
const STATUSES: ReportPdfCheck['status'][] = ['passed', 'warning', 'failed', 'skipped'];

let snapshotPng: Buffer;
let logoPng: Buffer;

beforeAll(async () => {
  snapshotPng = await sharp({ create: { width: 40, height: 80, channels: 3, background: '#ccc' } })
    .png()
    .toBuffer();
  logoPng = await sharp({ create: { width: 140, height: 70, channels: 3, background: '#1677ff' } })
    .png()
    .toBuffer();
});

/** A report whose `checkCount` checks of every status are spread over three categories. */
function report(checkCount: number, extra: Partial<ReportPdfInput> = {}): ReportPdfInput {
  const titles = ['Common SEO issues', 'Speed optimizations', 'Security'];
  const categories = titles.map((title, index) => ({
    key: `category-${index}`,
    title,
    score: [42, 68, 91][index] ?? 0,
    checks: [] as ReportPdfCheck[],
  }));
  for (let i = 0; i < checkCount; i += 1) {
    const status = STATUSES[i % STATUSES.length] ?? 'passed';
    categories[i % categories.length]?.checks.push({
      key: `check-${i}`,
      title: `Check number ${i + 1}`,
      status,
      message:
        status === 'skipped'
          ? 'This check could not run: the page did not answer in time.'
          : `The page was inspected for problem ${i + 1}; some details about what was found on it follow here.`,
      recommendation: `Fix problem ${i + 1} by changing the page template and deploying it again.`,
    });
  }
  return {
    url: URL,
    createdAt: new Date(2026, 10, 2),
    overview: { score: 64, passed: 3, warning: 3, failed: 3 },
    categories,
    importantFixes: [
      { section_key: 'hsts', title: 'HSTS header', relevance: 5, recommendation: 'Send an HSTS header.' },
      { section_key: 'title', title: 'Meta title', relevance: 9, recommendation: 'Shorten the title.' },
      { section_key: 'favicon', title: 'Favicon', relevance: 2, recommendation: 'Add a favicon.' },
    ],
    competitors: [
      { url: 'https://competitor.example.org/', score: 81, error: null },
      { url: 'https://broken.example.net/', score: null, error: 'Something went wrong' },
    ],
    snapshotPng,
    branding: { logo: logoPng, header: 'Acme Agency – SEO audit', footer: 'Prepared by Acme Agency' },
    ...extra,
  };
}

const raw = rawPdf;
/** A string of the info dictionary (`/Subject`, `/Author`…), stored inline or as an indirect object. */
function info(pdf: Buffer, key: string): string | null {
  const text = raw(pdf);
  const entry = new RegExp(`/${key}\\s*(?:\\((.*?)\\)|(\\d+) 0 R)`).exec(text);
  if (!entry) return null;
  if (entry[1] !== undefined) return entry[1];
  return new RegExp(`(?:^|\\n)${entry[2]} 0 obj\\s*\\((.*?)\\)\\s*endobj`).exec(text)?.[1] ?? null;
}
const pageOf = (pages: string[], text: string) => pages.findIndex((page) => page.includes(text));
const imageCount = (pdf: Buffer) => raw(pdf).match(/\/Subtype\s*\/Image/g)?.length ?? 0;

describe('renderReportPdf', () => {
  it('renders a branded report with snapshot, the URL in its info dictionary', async () => {
    const pdf = await renderReportPdf(report(12));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(raw(pdf)).toContain(URL);
    expect(info(pdf, 'Subject')).toBe(URL);
    // The logo on every page (the cover's, then the running header's), and the snapshot once.
    expect(imageCount(pdf)).toBe(pageCount(pdf) + 1);
    const images = pageImages(pdf);
    for (let page = 1; page <= pageCount(pdf); page++)
      expect(images.filter((image) => image.page === page && image.height === 70).length).toBeGreaterThan(0);
    // A white-label report does not name Sitelens as its author.
    expect(info(pdf, 'Author')).toBeNull();
  });

  it('embeds a phone screenshot at print size, not at its full weight', async () => {
    // A 1082×2160 screenshot of noise: about 7 MB as PNG, the worst case for its weight.
    const width = 1082;
    const height = 2160;
    const noise = randomBytes(width * height * 3);
    const screenshot = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const pdf = await renderReportPdf(report(4, { snapshotPng: screenshot, branding: {} }));
    expect(imageCount(pdf)).toBe(1);
    expect(screenshot.length).toBeGreaterThan(2_000_000);
    expect(pdf.length).toBeLessThan(screenshot.length / 4);
  });

  it('breaks a long report across more pages than a short one', async () => {
    const short = await renderReportPdf(report(12));
    const long = await renderReportPdf(report(60));
    expect(pageCount(long)).toBeGreaterThan(1);
    expect(pageCount(long)).toBeGreaterThan(pageCount(short));
  });

  it('renders without snapshot, branding, fixes or competitors', async () => {
    const pdf = await renderReportPdf(
      report(5, { snapshotPng: null, branding: undefined, importantFixes: [], competitors: [] }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(raw(pdf)).toContain(URL);
    expect(info(pdf, 'Subject')).toBe(URL);
    expect(info(pdf, 'Author')).toBe('Sitelens');
    expect(imageCount(pdf)).toBe(0);
  });

  it('skips a logo it cannot embed instead of failing', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const pdf = await renderReportPdf(report(4, { branding: { logo: gif } }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(imageCount(pdf)).toBe(1);
  });
});

/** pdftotext (Debian's poppler-utils, which .ci/run installs) reads the pages back as text. */
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPdftotext)
  console.warn('PDF layout tests skipped: pdftotext not found (apt-get install -y poppler-utils)');

describe.skipIf(!hasPdftotext)('renderReportPdf layout and details', () => {
  it('never leaves a category heading alone at the foot of a page', async () => {
    // A first category of growing length pushes the second category's heading down every page
    // position; its first check is tall (a long message and recommendation), which is what a
    // heading kept only by a minimum of space ahead lets slip to the next page.
    const longText = (what: string) =>
      `${what} `.repeat(3) +
      'The page was inspected carefully and the findings are written out in full so that the row is tall. '.repeat(
        3,
      );
    for (let filler = 8; filler <= 26; filler += 1) {
      const first: ReportPdfCheck[] = Array.from({ length: filler }, (_, i) => ({
        key: `filler-${i}`,
        title: `Filler check ${i + 1}`,
        status: 'passed',
        message:
          i % 3 === 0
            ? 'A short message.'
            : 'A message that runs onto a second line of the column. '.repeat(2),
        recommendation: '',
      }));
      const input = report(0, {
        importantFixes: [],
        competitors: [],
        snapshotPng: null,
        categories: [
          { key: 'one', title: 'Common SEO issues', score: 80, checks: first },
          {
            key: 'two',
            title: 'Speed optimizations',
            score: 40,
            checks: [
              {
                key: 'first-speed-check',
                title: 'First speed check',
                status: 'failed',
                message: longText('Slow.'),
                recommendation: longText('Make it fast.'),
              },
              {
                key: 'second',
                title: 'Second speed check',
                status: 'passed',
                message: 'Fine.',
                recommendation: '',
              },
            ],
          },
        ],
      });
      const pages = pageTexts(await renderReportPdf(input));
      const heading = pageOf(pages, 'Speed optimizations 1 passed');
      expect(heading, `heading with ${filler} filler checks`).toBeGreaterThan(0);
      expect(pageOf(pages, 'First speed check'), `first check with ${filler} filler checks`).toBe(heading);
    }
  });

  it("never leaves 'Issues to fix' or 'Summary by category' alone at the foot of a page", async () => {
    // More categories push the fixes' title down the first page, past its foot (at 13 categories).
    for (let count = 6; count <= 20; count += 1) {
      const categories = Array.from({ length: count }, (_, i) => ({
        key: `category-${i}`,
        title: `Category ${i + 1}`,
        score: 50,
        checks: [],
      }));
      const pages = pageTexts(
        await renderReportPdf(
          report(0, { categories, competitors: [], snapshotPng: null, branding: undefined }),
        ),
      );
      const title = pageOf(pages, 'Issues to fix');
      expect(title, `${count} categories`).toBeGreaterThanOrEqual(0);
      expect(pageOf(pages, 'Meta title'), `first fix with ${count} categories`).toBe(title);
      expect(pageOf(pages, 'Category 1'), `first category with ${count} categories`).toBe(
        pageOf(pages, 'Summary by category'),
      );
    }
  });

  it("shows the key checks' data as tables with the report page's labels and units", async () => {
    const checks: ReportPdfCheck[] = [
      {
        key: 'web-vitals-lcp',
        title: 'Largest Contentful Paint',
        status: 'passed',
        message: 'The main content appeared after 0.51 s.',
        recommendation: '',
        data: {
          status: 'passed',
          message: 'The main content appeared after 0.51 s.',
          relevance: 9,
          lcp: { duration: 512, node: 'img', text: null, url: null, phases: null },
        },
      },
      {
        key: 'modern-image-formats',
        title: 'Modern image formats',
        status: 'failed',
        message: '1 image could be smaller as WebP.',
        recommendation: 'Serve WebP or AVIF.',
        data: {
          unoptimized_images: [
            {
              url: 'https://www.example.com/images/huge.png',
              format: 'png',
              size: 1902675,
              savings: 1473951,
            },
          ],
        },
      },
      {
        key: 'responsive-images',
        title: 'Responsive images',
        status: 'warning',
        message: 'An image is shown larger than its file.',
        recommendation: 'Serve a larger image.',
        data: {
          low_res_images: [
            {
              url: 'https://www.example.com/images/tiny.png',
              natural: { width: 1, height: 1 },
              displayed: { width: 900, height: 700 },
            },
          ],
        },
      },
      {
        key: 'http2',
        title: 'HTTP/2 or HTTP/3',
        status: 'failed',
        message: 'The server speaks HTTP/1.1 only.',
        recommendation: 'Turn on HTTP/2.',
        data: { protocol: 'http/1.1', non_http2_resources: ['https://www.example.com/style.css'] },
      },
      {
        key: 'dom-size',
        title: 'DOM size',
        status: 'passed',
        message: 'The page has 29 elements.',
        recommendation: '',
        data: { dom: { nodes: 29, depth: 8, max_children: 10, max_children_parent: 'body' } },
      },
    ];
    const pdf = await renderReportPdf(
      report(0, { categories: [{ key: 'speed', title: 'Speed optimizations', score: 50, checks }] }),
    );
    const text = pageTexts(pdf).join(' ');
    // A key check shows its data even when it passed, labelled and in its unit.
    expect(text).toContain('Largest Contentful Paint (LCP)');
    expect(text).toMatch(/Duration\s+0\.51 s/);
    expect(text).toMatch(/Element\s+img/);
    // Failed and warning checks show theirs: columns by their names, sizes in Kb/Mb, pixels as W × H.
    expect(text).toContain('Images in older formats');
    expect(text).toMatch(/URL\s+Format\s+Size\s+Could save/);
    expect(text).toMatch(/png\s+1\.81 Mb\s+1\.41 Mb/);
    expect(text).toMatch(/Image size\s+Shown at/);
    expect(text).toMatch(/1 × 1 px\s+900 × 700 px/);
    expect(text).toContain('Files not served over HTTP/2');
    expect(text).toContain('https://www.example.com/style.css');
    // A passed check outside the key ones keeps to its message.
    expect(text).toContain('The page has 29 elements.');
    expect(text).not.toContain('29 elements ');
    expect(text).not.toMatch(/["{}]|\[/);
  });
});

describe('report PDF helpers', () => {
  it('ranks fixes by the spec priority bands', () => {
    expect([10, 8, 7.5, 7, 4, 3.5, 3, 1].map((relevance) => fixPriority(relevance).label)).toEqual([
      'High',
      'High',
      'High',
      'Medium',
      'Medium',
      'Medium',
      'Low',
      'Low',
    ]);
  });

  it('keeps text within what Helvetica can draw', () => {
    expect(pdfText('Café – “ok” …')).toBe('Café – “ok” …');
    expect(pdfText('Größe ≤ 5 → ő\u200b漢')).toBe('Größe <= 5 -> o?');
  });

  it('wraps a long URL at its separators without adding characters', () => {
    const url = 'https://www.example.com/some/very/long/path/with-many-segments/index.html?utm_source=news';
    const lines = wrapUrl(url, 150, 10).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(url);
    expect(lines.slice(0, -1).every((line) => /[/.?&=\-_#]$/.test(line))).toBe(true);
    expect(wrapUrl('https://a.example/', 150, 10)).toBe('https://a.example/');
  });

  it('sets a word too wide for its column on lines of its own, unchanged', () => {
    const url = 'https://www.example.com/a/deeply/nested/resource/that/keeps/going/index.html';
    const text = proseText(`Unsafe link: ${url} was found.`, 150, 10);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Unsafe link:');
    expect(lines.at(-1)).toBe('was found.');
    expect(lines.slice(1, -1).join('')).toBe(url);
    expect(proseText('Short words stay as they are.', 150, 10)).toBe('Short words stay as they are.');
  });

  it('reads image sizes and fits them', async () => {
    const jpg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(imageSize(snapshotPng)).toEqual({ width: 40, height: 80 });
    expect(imageSize(jpg)).toEqual({ width: 30, height: 20 });
    expect(imageSize(Buffer.from('GIF89a'))).toBeNull();
    expect(fitImage({ width: 40, height: 80 }, { width: 180 }, { width: 180, height: 300 })).toEqual({
      width: 150,
      height: 300,
    });
  });
});
