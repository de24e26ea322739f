import {
  type CheckDataCell,
  checkDataFields,
  checkFieldLabel,
  formatCheckCell,
  formatCheckValue,
  isCheckScalar,
  isRecordList,
  recordColumns,
  topEntries,
} from '@sitelens/contracts';
import sharp from 'sharp';

/**
 * Helpers for the checkup PDF (report-pdf.tsx): keeping text within what the PDF's built-in Helvetica
 * can draw, and sizing the images it embeds.
 */

/** Code points above Latin-1 that the built-in fonts' WinAnsi encoding still has (quotes, dashes, €, …). */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** Common characters WinAnsi lacks, with a plain stand-in. */
const STAND_INS: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u2718': 'x',
  '\t': ' ',
};

const encodable = (codePoint: number): boolean =>
  codePoint === 0x0a ||
  (codePoint >= 0x20 && codePoint <= 0x7e) ||
  (codePoint >= 0xa0 && codePoint <= 0xff) ||
  WIN_ANSI_EXTRA.has(codePoint);

const allEncodable = (text: string): boolean =>
  Array.from(text).every((char) => encodable(char.codePointAt(0) ?? 0));

/**
 * The text as the PDF's Helvetica can set it: characters outside its WinAnsi encoding become a close
 * Latin stand-in ('ő' → 'o', '≤' → '<=') or '?', invisible and control characters are dropped, so no
 * message, URL or branding line turns into garbled glyphs.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (encodable(codePoint)) {
      out += char;
    } else if (char in STAND_INS) {
      out += STAND_INS[char];
    } else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0) || /\p{Cf}/u.test(char)) {
      // Control and format characters (zero-width spaces, BOM, bidi marks) draw nothing.
    } else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain && allEncodable(plain) ? plain : '?';
    }
  }
  return out;
}

/** At most `max` characters, cut at a word when possible, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Helvetica advance widths (per 1000 em) of ' ' to '~', from the font's AFM metrics. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

const URL_BREAKS = '/.?&=-_#';

const charWidth = (char: string, fontSize: number): number =>
  ((HELVETICA_WIDTHS[(char.codePointAt(0) ?? 0) - 32] ?? 667) * fontSize) / 1000;

/** Width in points of one line of `text` in Helvetica at `fontSize`. */
export const textWidth = (text: string, fontSize: number): number =>
  Array.from(text).reduce((sum, char) => sum + charWidth(char, fontSize), 0);

/** The text cut (with '…') to fit on one line of `width` points in Helvetica at `fontSize`. */
export function fitWidth(text: string, width: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= width) return text;
  const room = width - charWidth('…', fontSize);
  let out = '';
  for (const char of text) {
    if (textWidth(out + char, fontSize) > room) break;
    out += char;
  }
  return `${out.trimEnd()}…`;
}

/**
 * Hyphenation for messages and recommendations: English words are hyphenated as react-pdf does, but
 * URLs, domains, paths and e-mail addresses are not, since a '-' added inside one would misquote it
 * (ones too long for a line are laid out by `proseText` first).
 */
export function proseHyphenation(word: string, builtin?: (word: string) => string[]): string[] {
  return builtin && !/[/.:@?=&_]\S/.test(word) ? builtin(word) : [word];
}

/**
 * Prose (a check's message, a recommendation) ready for a column `width` points wide in Helvetica
 * at `fontSize`: drawable characters only (`pdfText`), and any word wider than the column, such as
 * a long URL, set on lines of its own broken at its separators, so it neither runs off the page nor
 * gets a '-' added by react-pdf's hyphenation.
 */
export function proseText(text: string, width: number, fontSize: number): string {
  return pdfText(text)
    .split('\n')
    .map((paragraph) =>
      paragraph
        .split(/( +)/)
        .map((word) =>
          word.trim() && textWidth(word, fontSize) > width ? `\n${wrapUrl(word, width, fontSize)}\n` : word,
        )
        .join('')
        .replace(/ *\n */g, '\n')
        .replace(/^\n|\n$/g, ''),
    )
    .join('\n');
}

/**
 * A URL laid out in lines of at most `width` points in Helvetica at `fontSize`, joined with '\n'.
 * react-pdf breaks lines only at spaces and English hyphenation points (adding a '-' that is not part
 * of the URL), so a long URL would either be misquoted or run off the page; this breaks it after a
 * '/', '.', '?', '&', '=', '-' or '_' where it can, and anywhere when it must.
 */
export function wrapUrl(url: string, width: number, fontSize: number): string {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  let breakAt = -1;
  for (const char of url) {
    const advance = charWidth(char, fontSize);
    if (line && lineWidth + advance > width) {
      const cut = breakAt > 0 ? breakAt : line.length;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
      lineWidth = textWidth(line, fontSize);
      breakAt = Math.max(...Array.from(URL_BREAKS, (mark) => line.lastIndexOf(mark) + 1));
    }
    line += char;
    lineWidth += advance;
    if (URL_BREAKS.includes(char)) breakAt = line.length;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

export type ImageKind = 'png' | 'jpg';

/** Which of the formats react-pdf can embed the bytes are, by their signature; null for anything else. */
export function imageKind(bytes: Buffer): ImageKind | null {
  if (
    bytes.length > 24 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.readUInt32BE(4) === 0x0d0a1a0a &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return 'png';
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

export type ImageSize = { width: number; height: number };

/** Pixel size of a PNG or JPEG, read from its header; null when it cannot be read. */
/**
 * A page screenshot made fit for print: at most three times its printed width (about 216 dpi) and
 * as a JPEG, so a phone screenshot weighs tens of kilobytes in the PDF instead of a megabyte.
 * An image sharp cannot read is kept as it is.
 */
export async function printableScreenshot(png: Buffer, printedWidthPt: number): Promise<Buffer> {
  try {
    return await sharp(png)
      .resize({ width: Math.round(printedWidthPt * 3), withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    return png;
  }
}

export function imageSize(bytes: Buffer): ImageSize | null {
  const kind = imageKind(bytes);
  if (kind === 'png') {
    const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    return size.width > 0 && size.height > 0 ? size : null;
  }
  if (kind !== 'jpg') return null;
  // Walk the JPEG segments up to a start-of-frame marker (SOF0–SOF15, less DHT, JPG and DAC).
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const size = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      return size.width > 0 && size.height > 0 ? size : null;
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/**
 * The drawn size of an image: `preferred` along one side (the other from the aspect ratio), shrunk
 * to stay within `max`.
 */
export function fitImage(
  size: ImageSize,
  preferred: { width: number } | { height: number },
  max: ImageSize,
): ImageSize {
  const ratio = size.height / size.width;
  let width = 'width' in preferred ? preferred.width : preferred.height / ratio;
  let height = width * ratio;
  if (width > max.width) {
    width = max.width;
    height = width * ratio;
  }
  if (height > max.height) {
    height = max.height;
    width = height / ratio;
  }
  return { width: Math.round(width * 10) / 10, height: Math.round(height * 10) / 10 };
}

/**
 * A check's data as the PDF lays it out: label/value pairs, tables of records and lists, with the
 * labels and units of `@sitelens/contracts`, as on the report page.
 */
export type PdfDataBlock =
  | { kind: 'pairs'; title: string | null; rows: { label: string; cell: CheckDataCell }[] }
  | { kind: 'table'; title: string; columns: string[]; rows: CheckDataCell[][]; more: number }
  | { kind: 'list'; title: string; items: CheckDataCell[]; more: number };

/** Fields the PDF leaves out: the screenshot has its own section, the cloud is a picture of words. */
const PDF_SKIPPED_FIELDS = new Set(['snapshot_url', 'keywords_cloud']);
/** A table shows this many columns at most: the first ones the engine writes are the telling ones. */
const PDF_MAX_COLUMNS = 4;

function blocksOf(
  path: string[],
  value: unknown,
  title: string,
  maxRows: number,
  pairs: { label: string; cell: CheckDataCell }[],
): PdfDataBlock[] {
  if (isCheckScalar(value)) {
    pairs.push({ label: title, cell: formatCheckCell(path, value) });
    return [];
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      pairs.push({ label: title, cell: { text: 'None' } });
      return [];
    }
    if (isRecordList(value)) {
      const columns = recordColumns(value, PDF_MAX_COLUMNS);
      return [
        {
          kind: 'table',
          title,
          columns: columns.map(checkFieldLabel),
          rows: value
            .slice(0, maxRows)
            .map((item) => columns.map((key) => formatCheckCell([...path, key], item[key]))),
          more: Math.max(0, value.length - maxRows),
        },
      ];
    }
    return [
      {
        kind: 'list',
        title,
        items: value.slice(0, maxRows).map((item) => formatCheckCell(path, item)),
        more: Math.max(0, value.length - maxRows),
      },
    ];
  }
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length === 0) {
    pairs.push({ label: title, cell: { text: 'None' } });
    return [];
  }
  const name = path.at(-1);
  if (path.length === 1 && name === 'page_objects') return pageObjectBlocks(record, title, maxRows);
  // A record: its plain values as pairs under its name, its lists and records as blocks of their own.
  const own: { label: string; cell: CheckDataCell }[] = [];
  const nested = Object.entries(record).flatMap(([key, item]) =>
    blocksOf([...path, key], item, `${title} – ${checkFieldLabel(key)}`, maxRows, own),
  );
  const ownRows = own.map((row) => ({ ...row, label: row.label.slice(title.length + 3) }));
  return [...(ownRows.length > 0 ? [{ kind: 'pairs' as const, title, rows: ownRows }] : []), ...nested];
}

function pageObjectBlocks(record: Record<string, unknown>, title: string, maxRows: number): PdfDataBlock[] {
  const counts = Object.entries(record).filter(([, value]) => typeof value === 'number');
  const blocks: PdfDataBlock[] = [];
  if (counts.length > 0)
    blocks.push({
      kind: 'pairs',
      title: `${title} – Files by type`,
      rows: counts.map(([key, value]) => ({
        label: checkFieldLabel(key),
        cell: { text: formatCheckValue(['page_objects', key], value) },
      })),
    });
  const tables: [string, string, string, string][] = [
    ['size_by_type', 'Size by type', 'Type', 'Size'],
    ['requests_by_type', 'Requests by type', 'Type', 'Requests'],
    ['size_by_domain', 'Size by domain', 'Domain', 'Size'],
    ['requests_by_domain', 'Requests by domain', 'Domain', 'Requests'],
  ];
  for (const [key, heading, nameColumn, valueColumn] of tables) {
    const values = record[key];
    if (!values || typeof values !== 'object') continue;
    const entries = topEntries(values as Record<string, number>, maxRows);
    if (entries.length === 0) continue;
    blocks.push({
      kind: 'table',
      title: `${title} – ${heading}`,
      columns: [nameColumn, valueColumn],
      rows: entries.map(([entry, amount]) => [
        { text: nameColumn === 'Type' ? checkFieldLabel(entry) : entry },
        { text: formatCheckValue(['page_objects', key, entry], amount) },
      ]),
      more: 0,
    });
  }
  const broken = record.broken_resources;
  if (broken && typeof broken === 'object') {
    const pairs: { label: string; cell: CheckDataCell }[] = [];
    const nested = blocksOf(
      ['page_objects', 'broken_resources'],
      broken,
      `${title} – ${checkFieldLabel('broken_resources')}`,
      maxRows,
      pairs,
    );
    blocks.push(...nested);
  }
  return blocks;
}

/**
 * A check's data fields as PDF blocks: the plain fields together as label/value pairs first, then
 * a table per list of records, a list per list of values; at most `maxRows` rows each, the rest
 * counted in `more`.
 */
export function checkDataBlocks(result: Record<string, unknown>, maxRows = 8): PdfDataBlock[] {
  const pairs: { label: string; cell: CheckDataCell }[] = [];
  const blocks = checkDataFields(result)
    .filter(([key]) => !PDF_SKIPPED_FIELDS.has(key))
    .flatMap(([key, value]) => blocksOf([key], value, checkFieldLabel(key), maxRows, pairs));
  return [...(pairs.length > 0 ? [{ kind: 'pairs' as const, title: null, rows: pairs }] : []), ...blocks];
}

/**
 * Widths for a table's columns that add up to `total`: each column's share follows the width of
 * its longest text (capped, so one long URL does not starve the rest), never below `min`.
 */
export function columnWidths(
  columns: string[],
  rows: CheckDataCell[][],
  total: number,
  fontSize: number,
  min = 44,
): number[] {
  const natural = columns.map((column, index) =>
    Math.min(
      240,
      Math.max(
        textWidth(column, fontSize),
        ...rows.map((row) => textWidth(pdfText(row[index]?.text ?? ''), fontSize)),
      ) + 10,
    ),
  );
  const sum = natural.reduce((a, b) => a + b, 0);
  if (sum <= total) {
    const extra = (total - sum) / natural.length;
    return natural.map((width) => width + extra);
  }
  const widths = natural.map((width) => Math.max(min, (width / sum) * total));
  const over = widths.reduce((a, b) => a + b, 0) - total;
  const flexible = widths.filter((width) => width > min).reduce((a, b) => a + b, 0);
  return widths.map((width) => (width > min ? width - (over * width) / flexible : width));
}
