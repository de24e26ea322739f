import { defineCheck, failed, passed, seconds, warning } from './define-check';

const messages = {
  ok: 'The page answered with HTTP {status} in {seconds} s.',
  noContent: 'The page answered with HTTP 204 No Content; there is nothing for search engines to index.',
  empty: 'The page answered with HTTP {status}, but the body is empty; there is nothing to index.',
  redirect: 'The final response is still a redirect (HTTP {status}); search engines cannot reach the page.',
  clientError:
    'The page answered with HTTP {status}; search engines drop pages with client errors from the index.',
  serverError:
    'The page answered with HTTP {status}; repeated server errors make search engines slow down and drop the page.',
  noResponse: 'The server gave no valid HTTP status ({status}).',
};

export const httpStatusCode = defineCheck({
  key: 'http-status-code',
  title: 'HTTP status',
  category: 'links-crawlability',
  relevance: 10,
  scope: 'page',
  requires: ['page'],
  description:
    'The HTTP status code tells crawlers whether the page exists. Only pages answering with a <code>2xx</code> status and content can be indexed.',
  recommendation: 'Make the page answer with HTTP 200 and its content.',
  howToFix:
    'Open the URL with your browser’s developer tools (Network tab) and look at the status of the document request. A <code>404</code> or <code>410</code> means the page is gone: restore it, or redirect the old URL to its replacement with a <code>301</code>. A <code>5xx</code> means the server failed: check the server and application logs. A <code>204</code> or an empty body usually points to a misconfigured route or a crashed renderer.',
  evaluate({ page }, { format }) {
    const status = page.status;
    const data = { status_code: status, response_time: Math.round(page.timings.total) };
    if (status >= 500 && status <= 599) return failed(format(messages.serverError, { status }), data);
    if (status >= 400 && status <= 499) return failed(format(messages.clientError, { status }), data);
    if (status >= 300 && status <= 399) return failed(format(messages.redirect, { status }), data);
    if (status < 200 || status > 599) return failed(format(messages.noResponse, { status }), data);
    if (status === 204) return warning(messages.noContent, data);
    // A file's body is not read as text (file-type.ts): its bytes are its content.
    if (page.bytes === 0 || (page.file === null && page.html.trim() === ''))
      return warning(format(messages.empty, { status }), data);
    return passed(format(messages.ok, { status, seconds: seconds(page.timings.total) }), data);
  },
});
