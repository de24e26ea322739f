import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { metaDescription } from './meta-description';

const run = (head: string) =>
  metaDescription.evaluate(
    { document: parseDocument(`<html><head>${head}</head><body></body></html>`, 'https://example.com/') },
    { format },
  );
const meta = (content: string) => `<meta name="description" content="${content}">`;
const GOOD = 'Solid oak tables and chairs made by hand in our workshop, with a ten-year guarantee.';

describe('meta-description', () => {
  it('passes one description of 50 characters or more that a search result shows in full', () => {
    expect(run(meta(GOOD))).toEqual({
      status: 'passed',
      message: `The meta description is ${GOOD.length} characters long (about 533 px), so search results can show it in full.`,
      data: { description: GOOD, description_length: GOOD.length, description_px: 533 },
    });
  });

  it('fails a missing description', () => {
    expect(run('<title>Oak</title>')).toEqual({
      status: 'failed',
      message:
        'The page has no meta description; search engines will pick a snippet from the page, often a poor one.',
      data: { description: null, description_length: 0 },
    });
  });

  it('fails an empty description', () => {
    expect(run(meta('  '))).toEqual({
      status: 'failed',
      message: 'The page has a meta description tag, but it is empty.',
      data: { description: '', description_length: 0 },
    });
  });

  it('warns about a description under 50 characters', () => {
    expect(run(meta('Oak tables.'))).toMatchObject({
      status: 'warning',
      message:
        'The meta description is 11 characters long; under 50 it wastes room to persuade searchers to click.',
      data: { description: 'Oak tables.', description_length: 11 },
    });
  });

  it('warns about a description wider than a search result shows, saying where it is cut', () => {
    const long = `${'🌳'.repeat(10)} ${'Oak tables made by hand. '.repeat(7)}`.trim();
    const result = run(meta(long));
    expect(result.status).toBe('warning');
    expect(result.data).toMatchObject({ description_length: [...long].length, description_px: 1311 });
    expect(result.message).toBe(
      `The meta description is about 1311 px wide (${[...long].length} characters), and desktop search results show only about 985 px of it: what comes after “tables made by” would be cut off.`,
    );
  });

  it('warns about duplicate description tags, reporting the first non-empty one', () => {
    const result = run(`${meta('')}<meta name="Description" content="${GOOD}">`);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page has 2 meta description tags; search engines use only one, and you cannot tell which.',
    );
    expect(result.data).toEqual({ description: GOOD, description_length: GOOD.length, description_px: 533 });
  });
});
