import { defineCheck, failed, notApplicable, passed } from './define-check';

const messages = {
  noKey:
    'Not checked: an IndexNow key file can have any name, so it can only be found with the site’s key, and no key was given.',
  missing:
    'The IndexNow key file {url} answered {status}; search engines cannot verify the key, so submissions are ignored.',
  unreachable: 'The IndexNow key file {url} could not be fetched; search engines cannot verify the key.',
  wrong: 'The IndexNow key file {url} does not contain the project’s key; submissions will be refused.',
  ok: 'The IndexNow key file {url} holds the key: changed pages can be submitted instantly.',
};

export const indexnow = defineCheck({
  key: 'indexnow',
  title: 'IndexNow key',
  category: 'advanced',
  relevance: 2,
  scope: 'origin',
  requires: ['indexNow'],
  description:
    'IndexNow lets a site tell Bing, Yandex, Seznam and Naver the moment a page changes instead of waiting for a crawl. The search engine verifies the submitter by fetching a key file from the site.',
  recommendation: 'Publish the IndexNow key file so changed pages can be submitted.',
  howToFix:
    'Choose a key of 8–128 letters, digits or dashes. Create a text file named after the key, e.g. <code>https://example.com/3f2a…9c.txt</code>, containing only the key, and serve it with status 200 as <code>text/plain</code>. Many CMS plugins (Yoast, Rank Math, Cloudflare’s Crawler Hints) do this for you. To have the file verified, give the key to <code>sitelens-check --indexnow-key</code>.',
  evaluate({ indexNow }, { format }) {
    const data = { indexnow: { key_location: indexNow.keyLocation, valid: false } };
    if (!indexNow.key) return notApplicable(messages.noKey, data);
    const url = indexNow.keyLocation ?? '';
    if (indexNow.status === null) return failed(format(messages.unreachable, { url }), data);
    if (indexNow.status !== 200)
      return failed(format(messages.missing, { url, status: indexNow.status }), data);
    if (indexNow.body.trim() !== indexNow.key) return failed(format(messages.wrong, { url }), data);
    return passed(format(messages.ok, { url }), { indexnow: { key_location: url, valid: true } });
  },
});
