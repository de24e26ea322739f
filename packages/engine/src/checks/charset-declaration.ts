import { defineCheck, failed, passed, warning } from './define-check';

/** The HTML standard's prescan: browsers look for a `<meta charset>` only in the first 1024 bytes. */
export const thresholds = { metaWithinBytes: 1024 };

const messages = {
  ok: 'The character encoding is declared as UTF-8 ({where}).',
  none: 'The page declares no character encoding; browsers guess, and accented letters or symbols may turn into garbage.',
  notUtf8:
    'The page is declared as {value}; UTF-8 covers every language and is what browsers and crawlers expect.',
  late: 'The page declares its encoding only in a <meta> tag after the first {bytes} bytes, where browsers no longer look for it before guessing.',
  disagree:
    'The Content-Type header says {header} but the page’s <meta> says {meta}; the header wins, and the text may be misread.',
  header: 'Content-Type header',
  meta: '<meta> tag',
  both: 'Content-Type header and <meta> tag',
};

// Some servers and editors write the label loosely; these are the same encoding to a browser.
const ALIASES: Record<string, string> = { utf8: 'utf-8', 'unicode-1-1-utf-8': 'utf-8', latin1: 'iso-8859-1' };

function normalise(value: string): string {
  const label = value
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  return ALIASES[label] ?? label;
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** The charset a `<meta>` tag declares (`charset=` or `http-equiv=content-type`), or null. */
function metaCharset(tag: string): string | null {
  const charset = attribute(tag, 'charset');
  if (charset?.trim()) return charset;
  if (attribute(tag, 'http-equiv')?.trim().toLowerCase() !== 'content-type') return null;
  return /charset\s*=\s*["']?([^"';\s]+)/i.exec(attribute(tag, 'content') ?? '')?.[1] ?? null;
}

/** The first charset declared in a `<meta>` of the raw HTML, outside comments, and the byte where its tag ends. */
function firstMetaDeclaration(html: string): { value: string; endByte: number } | null {
  for (const match of html.matchAll(/<!--[\s\S]*?(?:-->|$)|<meta\b[^>]*>/gi)) {
    if (match[0].startsWith('<!--')) continue;
    const value = metaCharset(match[0]);
    if (value) return { value, endByte: Buffer.byteLength(html.slice(0, match.index + match[0].length)) };
  }
  return null;
}

export const charsetDeclaration = defineCheck({
  key: 'charset-declaration',
  title: 'Character encoding',
  category: 'common-seo',
  relevance: 5,
  scope: 'page',
  requires: ['page'],
  readsBody: true,
  description:
    'The character encoding tells browsers how to turn the page’s bytes into letters. It belongs in the <code>Content-Type</code> header or in a <code>&lt;meta charset&gt;</code> within the first 1024 bytes of the page, and it should be UTF-8.',
  recommendation: 'Serve the page as UTF-8, declared in the header and as the first tag of <head>.',
  howToFix:
    'Save the files as UTF-8 and put <code>&lt;meta charset="utf-8"&gt;</code> as the very first element inside <code>&lt;head&gt;</code>, before the title, scripts and styles. Have the server send <code>Content-Type: text/html; charset=utf-8</code> (nginx: <code>charset utf-8;</code>; Apache: <code>AddDefaultCharset UTF-8</code>). If the header and the tag name different encodings, fix whichever is wrong so they agree.',
  evaluate({ page }, { format }) {
    const headerRaw = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(page.headers['content-type'] ?? '')?.[2];
    const header = headerRaw ? normalise(headerRaw) : null;
    const found = firstMetaDeclaration(page.html);
    const meta = found ? normalise(found.value) : null;
    const source = header && meta ? 'both' : header ? 'header' : meta ? 'meta' : null;
    // The HTTP header wins over the document (HTML standard, "determining the character encoding").
    const value = header ?? meta;
    const data = { charset_declaration: { source, value } };

    if (!value) return failed(messages.none, data);
    if (header && meta && header !== meta) return warning(format(messages.disagree, { header, meta }), data);
    if (value !== 'utf-8') return warning(format(messages.notUtf8, { value }), data);
    if (!header && found && found.endByte > thresholds.metaWithinBytes)
      return warning(format(messages.late, { bytes: thresholds.metaWithinBytes }), data);
    return passed(format(messages.ok, { where: messages[source!] }), data);
  },
});
