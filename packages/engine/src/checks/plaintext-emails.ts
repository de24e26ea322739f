import type { AnyNode } from '../html/dom';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: how many addresses the result lists. */
export const thresholds = { maxListed: 50 };

const EMAIL = /[a-z0-9][a-z0-9._%+-]*@(?:[a-z0-9-]+\.)+([a-z]{2,24})(?![\w-])/gi;
// "logo@2x.png" is a retina image, not an address.
const FILE_EXTENSIONS = new Set(
  'png jpg jpeg gif svg webp avif ico bmp tif tiff css js mjs cjs json xml html htm php woff woff2 ttf eot otf mp4 webm mp3 pdf map'.split(
    ' ',
  ),
);
// Reserved (RFC 2606) and placeholder domains of form hints.
const PLACEHOLDER =
  /(^|\.)(example\.(com|net|org)|[a-z0-9-]+\.(example|test|invalid|localhost)|domain\.com|yourdomain\.com|yoursite\.com|yourcompany\.com)$/;

const messages = {
  found:
    '{count?One e-mail address appears|# e-mail addresses appear} in plain text ({list}); spam bots harvest them from the page.',
  ok: 'No e-mail address appears in plain text.',
};

function addresses(text: string, into: Set<string>): void {
  for (const match of text.matchAll(EMAIL)) {
    const address = match[0].toLowerCase();
    const domain = address.slice(address.indexOf('@') + 1);
    // user@host inside a URL ("https://key@sentry.io/1") is a credential, not an address.
    if (text.slice(Math.max(0, match.index - 3), match.index).endsWith('//')) continue;
    if (FILE_EXTENSIONS.has(match[1]!.toLowerCase()) || PLACEHOLDER.test(domain)) continue;
    into.add(address);
  }
}

export const plaintextEmails = defineCheck({
  key: 'plaintext-emails',
  title: 'Exposed e-mail addresses',
  category: 'server-security',
  relevance: 2,
  scope: 'page',
  requires: ['document'],
  description:
    'E-mail addresses written in the page’s text or source, <code>mailto:</code> links included, are collected by spam bots within days of publication.',
  recommendation: 'Replace plain e-mail addresses with a contact form, or obfuscate them.',
  howToFix:
    'Use a contact form instead of an address where you can. Where an address must be shown, render it with JavaScript, split it in the markup (<code>hello [at] example.com</code>), or show it as an image; many CMSs have an e-mail protection plugin, and CDNs such as Cloudflare offer “email obfuscation”. Also check the source for addresses left in comments, meta tags and form fields.',
  evaluate({ document: { $ } }, { format }) {
    const found = new Set<string>();
    const visit = (node: AnyNode) => {
      // Comments are not shown but are in the source that harvesters read.
      if (['text', 'comment'].includes(node.type as string) && 'data' in node) addresses(node.data, found);
      if (!('attribs' in node)) {
        if ('children' in node) for (const child of node.children) visit(child);
        return;
      }
      for (const value of Object.values(node.attribs)) addresses(value, found);
      const name = node.name.toLowerCase();
      // Script bodies are code (package@1.2.3, user@host URLs); JSON-LD is data and counts.
      if (name === 'style') return;
      if (name === 'script' && !/ld\+json/i.test(node.attribs.type ?? '')) return;
      for (const child of node.children) visit(child);
    };
    visit($.root()[0]!);
    const emails = [...found];
    const data = { emails: emails.slice(0, thresholds.maxListed) };
    if (emails.length === 0) return passed(messages.ok, data);
    return warning(
      format(messages.found, { count: emails.length, list: emails.slice(0, 3).join(', ') }),
      data,
    );
  },
});
