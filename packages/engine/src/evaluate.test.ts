import { describe, expect, it } from 'vitest';
import { defineCheck, passed } from './checks/define-check';
import { evaluateChecks } from './evaluate';
import { parseDocument } from './gather/document';
import { pageArtifact } from './testing/artifacts';

const base = {
  category: 'common-seo',
  relevance: 1,
  scope: 'page',
  description: 'd',
  recommendation: 'r',
  howToFix: 'h',
} as const;
const reads = defineCheck({
  ...base,
  key: 'reads',
  title: 'Reads',
  requires: ['document'],
  evaluate: () => passed('fine'),
});
const throws = defineCheck({
  ...base,
  key: 'throws',
  title: 'Throws',
  requires: ['document'],
  evaluate: () => {
    throw new Error('unexpected markup');
  },
});
const needsPage = defineCheck({
  ...base,
  key: 'needs-page',
  title: 'Needs page',
  requires: ['page'],
  evaluate: () => passed('ok'),
});

describe('evaluateChecks', () => {
  const results = evaluateChecks(
    [reads, throws, needsPage],
    { document: parseDocument('<p>hi</p>', 'https://a.test/') },
    {
      page: 'The page could not be fetched.',
    },
  );

  it('runs a check whose artifacts are there', () => {
    expect(results[0]).toEqual({ key: 'reads', status: 'passed', message: 'fine', data: {} });
  });

  it('turns a throwing check into an error result for that check alone', () => {
    expect(results[1]).toEqual({
      key: 'throws',
      status: 'error',
      message: 'The check failed to run: unexpected markup',
    });
  });

  it('skips a check whose artifact is missing, with the reason', () => {
    expect(results[2]).toEqual({
      key: 'needs-page',
      status: 'skipped',
      reason: 'The page could not be fetched.',
    });
  });
});

describe('evaluateChecks on an error page', () => {
  const page = pageArtifact('https://a.test/', '<p>Internal error</p>', { status: 500 });
  const html = '<html><head></head><body></body></html>';
  const bodyOnly = defineCheck({ ...needsPage, key: 'body-only', readsBody: true });

  it('skips the checks that read the body, and judges the response itself', () => {
    const results = evaluateChecks([reads, bodyOnly, needsPage], {
      page,
      document: parseDocument(html, 'https://a.test/'),
    });
    const reason =
      'Not checked: the page answered with HTTP 500, and search engines ignore the content of an error page.';
    expect(results).toEqual([
      { key: 'reads', status: 'skipped', reason },
      { key: 'body-only', status: 'skipped', reason },
      { key: 'needs-page', status: 'passed', message: 'ok', data: {} },
    ]);
  });
});
