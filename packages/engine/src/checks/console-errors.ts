import { getDomain } from 'tldts';
import { defineCheck, failed, passed, warning } from './define-check';

const messages = {
  ok: 'The browser console stayed clean while the page loaded.',
  warnings: 'The console shows {count} warning(s) while loading, e.g. “{first}”.',
  thirdParty: 'The console shows {count} error(s), all from third-party code, e.g. “{first}”.',
  errors: 'The console shows {count} error(s) from the site itself or failed requests, e.g. “{first}”.',
};

export const consoleErrors = defineCheck({
  key: 'console-errors',
  title: 'Console messages',
  category: 'mobile-rendering',
  relevance: 4,
  scope: 'page',
  requires: ['browser', 'page'],
  description:
    'Errors and warnings the page writes to the browser console while it loads, failed requests included. They point to broken features, missing files and deprecated code; errors from the site’s own files matter most.',
  recommendation: 'Fix the console errors of the site’s own code and the requests that fail.',
  howToFix:
    'Open the developer tools’ Console on the page and work through the messages: restore or remove references to missing files, fix the scripts that log errors, and update code that triggers deprecation warnings. For errors in third-party tags, update or remove the tag, or ask its vendor.',
  evaluate({ browser, page }, { format }) {
    const site = getDomain(new URL(page.finalUrl).hostname) ?? new URL(page.finalUrl).hostname;
    const firstParty = (url: string | null) => {
      if (!url) return true;
      try {
        const host = new URL(url).hostname;
        return (getDomain(host) ?? host) === site;
      } catch {
        return true;
      }
    };
    const errors = browser.console.filter((m) => m.type === 'error');
    const warnings = browser.console.filter((m) => m.type === 'warning');
    const data = {
      console_messages: {
        errors: errors.map((m) => ({ text: m.text, url: m.url })),
        warnings: warnings.map((m) => ({ text: m.text, url: m.url })),
      },
    };
    const own = errors.filter((m) => firstParty(m.url) || /^Failed to load resource/.test(m.text));
    if (own.length > 0)
      return failed(format(messages.errors, { count: own.length, first: own[0]!.text.slice(0, 140) }), data);
    if (errors.length > 0)
      return warning(
        format(messages.thirdParty, { count: errors.length, first: errors[0]!.text.slice(0, 140) }),
        data,
      );
    if (warnings.length > 0)
      return warning(
        format(messages.warnings, { count: warnings.length, first: warnings[0]!.text.slice(0, 140) }),
        data,
      );
    return passed(messages.ok, data);
  },
});
