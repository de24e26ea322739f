import { defineCheck, failed, passed, warning } from './define-check';

export const thresholds = { minChars: 50 };

const messages = {
  serverError: 'The llms.txt at {url} answers {status}.',
  absent:
    'There is no llms.txt at {url}. It is optional: a short Markdown guide that helps AI assistants find your key pages.',
  malformed: 'The llms.txt at {url} is not in the expected format: {errors}.',
  ok: 'The llms.txt has a title, {links} link(s) and {chars} characters.',
};

export const llmsTxt = defineCheck({
  key: 'llms-txt',
  title: 'llms.txt',
  category: 'advanced',
  relevance: 3,
  scope: 'origin',
  requires: ['llmsTxt'],
  description:
    '<code>/llms.txt</code> is a proposed Markdown file that gives language models a short map of the site: what it is about and links to the pages worth reading.',
  recommendation: 'Publish an llms.txt with a title, a one-line summary and links to your key pages.',
  howToFix:
    'Create <code>/llms.txt</code> as Markdown: a first line <code># Site name</code>, a short summary in a <code>&gt;</code> quote, then sections of links such as <code>- [Pricing](https://example.com/pricing): plans and prices</code>. Serve it as plain text.',
  evaluate({ llmsTxt: file }, { format }) {
    const errors: string[] = [];
    const text = file.body.trim();
    const links = (text.match(/\[[^\]]+\]\([^)\s]+\)/g) ?? []).length;
    const data = () => ({ llms_txt: { url: file.url, status: file.status, errors } });
    if (file.status !== null && file.status >= 500)
      return failed(format(messages.serverError, { url: file.url, status: file.status }), data());
    if (file.status === null || file.status >= 400)
      return warning(format(messages.absent, { url: file.url }), data());
    const type = (file.contentType ?? '').toLowerCase();
    if (type.includes('html') || /^\s*<(!doctype|html)/i.test(text))
      errors.push('it is served as an HTML page');
    else {
      if (!/^# \S/.test(text)) errors.push('the first line is not a "# Title" heading');
      if (links === 0) errors.push('it has no Markdown link');
      if (text.length < thresholds.minChars)
        errors.push(`it has fewer than ${thresholds.minChars} characters`);
    }
    if (errors.length > 0)
      return warning(format(messages.malformed, { url: file.url, errors: errors.join('; ') }), data());
    return passed(format(messages.ok, { links, chars: text.length }), data());
  },
});
