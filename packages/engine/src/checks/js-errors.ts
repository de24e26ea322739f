import { defineCheck, failed, passed } from './define-check';

const messages = {
  ok: 'No script error or unhandled promise rejection happened while the page loaded.',
  errors:
    '{count} script error(s) while loading, first: “{first}”. Features that depend on the failing code may not work.',
};

export const jsErrors = defineCheck({
  key: 'js-errors',
  title: 'JavaScript errors',
  category: 'mobile-rendering',
  relevance: 6,
  scope: 'page',
  requires: ['browser'],
  description:
    'Uncaught exceptions and unhandled promise rejections thrown while the page loads in Chromium. Each one stops the script that threw it: menus, forms, carts or content rendered by JavaScript may not work, for visitors and for search engines that render pages.',
  recommendation: 'Fix the scripts that throw errors while the page loads.',
  howToFix:
    'Open the page with the browser’s developer tools (Console tab) to see each error with its file and line. Common causes: a script that runs before the element or library it needs (load it with <code>defer</code> or check first), a removed plugin whose code is still called, or a third-party tag failing. Catch rejected promises with <code>.catch()</code>.',
  evaluate({ browser }, { format }) {
    const errors = browser.pageErrors.map((e) => ({ message: e.message, source: e.source, line: e.line }));
    const data = { js_errors: errors };
    if (errors.length === 0) return passed(messages.ok, data);
    return failed(
      format(messages.errors, { count: errors.length, first: errors[0]!.message.slice(0, 140) }),
      data,
    );
  },
});
