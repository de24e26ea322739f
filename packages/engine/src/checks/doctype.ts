import { defineCheck, failed, passed, warning } from './define-check';

const messages = {
  ok: 'The page starts with <!DOCTYPE html>: browsers render it in standards mode.',
  limitedQuirks:
    'The page uses an old doctype ({doctype}); browsers render it in limited-quirks mode, where images in table cells are laid out the old way.',
  legacyStandards:
    'The page uses an old doctype ({doctype}); browsers still render it in standards mode, but <!DOCTYPE html> is the current one.',
  quirks: 'The doctype {doctype} puts browsers in quirks mode, where they emulate 1990s layout bugs.',
  notFirst:
    'The doctype comes after other content, so browsers ignore it and render the page in quirks mode, emulating 1990s layout bugs.',
  missing: 'The page has no doctype, so browsers render it in quirks mode, emulating 1990s layout bugs.',
};

// The document modes of the HTML standard (§13.2.6.4.1, "the initial insertion mode"); compared lower-cased.
const QUIRKS_PUBLIC_IDS = new Set([
  '-//w3o//dtd w3 html strict 3.0//en//',
  '-/w3c/dtd html 4.0 transitional/en',
  'html',
]);
const QUIRKS_SYSTEM_ID = 'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd';
const QUIRKS_PUBLIC_PREFIXES = [
  '+//silmaril//dtd html pro v0r11 19970101//',
  '-//as//dtd html 3.0 aswedit + extensions//',
  '-//advasoft ltd//dtd html 3.0 aswedit + extensions//',
  '-//ietf//dtd html 2.0 level 1//',
  '-//ietf//dtd html 2.0 level 2//',
  '-//ietf//dtd html 2.0 strict level 1//',
  '-//ietf//dtd html 2.0 strict level 2//',
  '-//ietf//dtd html 2.0 strict//',
  '-//ietf//dtd html 2.0//',
  '-//ietf//dtd html 2.1e//',
  '-//ietf//dtd html 3.0//',
  '-//ietf//dtd html 3.2 final//',
  '-//ietf//dtd html 3.2//',
  '-//ietf//dtd html 3//',
  '-//ietf//dtd html level 0//',
  '-//ietf//dtd html level 1//',
  '-//ietf//dtd html level 2//',
  '-//ietf//dtd html level 3//',
  '-//ietf//dtd html strict level 0//',
  '-//ietf//dtd html strict level 1//',
  '-//ietf//dtd html strict level 2//',
  '-//ietf//dtd html strict level 3//',
  '-//ietf//dtd html strict//',
  '-//ietf//dtd html//',
  '-//metrius//dtd metrius presentational//',
  '-//microsoft//dtd internet explorer 2.0 html strict//',
  '-//microsoft//dtd internet explorer 2.0 html//',
  '-//microsoft//dtd internet explorer 2.0 tables//',
  '-//microsoft//dtd internet explorer 3.0 html strict//',
  '-//microsoft//dtd internet explorer 3.0 html//',
  '-//microsoft//dtd internet explorer 3.0 tables//',
  '-//netscape comm. corp.//dtd html//',
  '-//netscape comm. corp.//dtd strict html//',
  "-//o'reilly and associates//dtd html 2.0//",
  "-//o'reilly and associates//dtd html extended 1.0//",
  "-//o'reilly and associates//dtd html extended relaxed 1.0//",
  '-//sq//dtd html 2.0 hotmetal + extensions//',
  '-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//',
  '-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//',
  '-//spyglass//dtd html 2.0 extended//',
  '-//sun microsystems corp.//dtd hotjava html//',
  '-//sun microsystems corp.//dtd hotjava strict html//',
  '-//w3c//dtd html 3 1995-03-24//',
  '-//w3c//dtd html 3.2 draft//',
  '-//w3c//dtd html 3.2 final//',
  '-//w3c//dtd html 3.2//',
  '-//w3c//dtd html 3.2s draft//',
  '-//w3c//dtd html 4.0 frameset//',
  '-//w3c//dtd html 4.0 transitional//',
  '-//w3c//dtd html experimental 19960712//',
  '-//w3c//dtd html experimental 970421//',
  '-//w3c//dtd w3 html//',
  '-//w3o//dtd w3 html 3.0//',
  '-//webtechs//dtd mozilla html 2.0//',
  '-//webtechs//dtd mozilla html//',
];
/** Quirks without a system identifier, limited quirks with one. */
const HTML401_LOOSE = ['-//w3c//dtd html 4.01 frameset//', '-//w3c//dtd html 4.01 transitional//'];
const LIMITED_QUIRKS_PREFIXES = ['-//w3c//dtd xhtml 1.0 frameset//', '-//w3c//dtd xhtml 1.0 transitional//'];

type Mode = 'no-quirks' | 'limited-quirks' | 'quirks';

interface DoctypeToken {
  text: string;
  name: string | null;
  publicId: string | null;
  systemId: string | null;
}

const SKIPPABLE = /^(?:\s+|<!--[\s\S]*?-->|<\?[^>]*>)*/;

/** The doctype if it is the first token past a byte-order mark, whitespace and comments; else where one is. */
function findDoctype(html: string): { token: DoctypeToken | null; first: boolean } {
  const start = html.replace(/^\uFEFF/, '').replace(SKIPPABLE, '');
  const match = /<!doctype\b[^>]*>/i.exec(start);
  if (!match) return { token: null, first: false };
  const text = match[0].replace(/\s+/g, ' ');
  const body = text.slice('<!doctype'.length, -1).trim();
  const name = /^[^\s"']+/.exec(body)?.[0]?.toLowerCase() ?? null;
  const quoted = [...body.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '');
  const keyword = /^\S+\s+(public|system)\b/i.exec(body)?.[1]?.toLowerCase();
  const publicId = keyword === 'public' ? (quoted[0] ?? null) : null;
  const systemId =
    keyword === 'public' ? (quoted[1] ?? null) : keyword === 'system' ? (quoted[0] ?? null) : null;
  return { token: { text, name, publicId, systemId }, first: match.index === 0 };
}

function documentMode({ name, publicId, systemId }: DoctypeToken): Mode {
  if (name !== 'html') return 'quirks';
  if (systemId?.toLowerCase() === QUIRKS_SYSTEM_ID) return 'quirks';
  if (publicId === null) return 'no-quirks';
  const id = publicId.toLowerCase();
  const startsWith = (prefixes: string[]) => prefixes.some((prefix) => id.startsWith(prefix));
  if (QUIRKS_PUBLIC_IDS.has(id) || startsWith(QUIRKS_PUBLIC_PREFIXES)) return 'quirks';
  if (startsWith(HTML401_LOOSE)) return systemId === null ? 'quirks' : 'limited-quirks';
  if (startsWith(LIMITED_QUIRKS_PREFIXES)) return 'limited-quirks';
  return 'no-quirks';
}

export const doctype = defineCheck({
  key: 'doctype',
  title: 'Doctype',
  category: 'common-seo',
  relevance: 4,
  scope: 'page',
  requires: ['page'],
  readsBody: true,
  description:
    'The <code>&lt;!DOCTYPE html&gt;</code> line at the very top tells browsers the page follows current HTML. Without it, or with some old doctypes, browsers switch to quirks mode and lay the page out by old, inconsistent rules.',
  recommendation: 'Start every page with <!DOCTYPE html>.',
  howToFix:
    'Make <code>&lt;!DOCTYPE html&gt;</code> the first line of the template, before <code>&lt;html&gt;</code>, with nothing before it but whitespace or comments: no text, tags or output from server code (a stray <code>echo</code> or a blank include is a common cause). Replace old HTML 4 and XHTML doctypes with it. Then check the layout, since standards mode can change spacing the page relied on.',
  evaluate({ page }, { format }) {
    const { token, first } = findDoctype(page.html);
    const data = { doctype: token?.text ?? null };
    if (!token) return failed(messages.missing, data);
    if (!first) return failed(messages.notFirst, data);
    const mode = documentMode(token);
    if (mode === 'quirks') return failed(format(messages.quirks, { doctype: token.text }), data);
    if (mode === 'limited-quirks')
      return warning(format(messages.limitedQuirks, { doctype: token.text }), data);
    const current =
      token.publicId === null && (token.systemId === null || token.systemId === 'about:legacy-compat');
    if (!current) return warning(format(messages.legacyStandards, { doctype: token.text }), data);
    return passed(messages.ok, data);
  },
});
