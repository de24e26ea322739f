import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { metaTitle } from './meta-title';

const run = (head: string, body = '') =>
  metaTitle.evaluate(
    {
      document: parseDocument(
        `<html><head>${head}</head><body>${body}</body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );

describe('meta-title', () => {
  it('passes one descriptive title and reports its length', () => {
    const result = run('<title>Handmade oak tables – Woodline</title>');
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({ title: 'Handmade oak tables – Woodline', title_length: 30 });
    expect(result.message).toBe(
      'The title is 30 characters long (about 300 px), so search results show it in full.',
    );
  });

  it('fails a page without a title, ignoring an SVG title', () => {
    const result = run('', '<svg><title>Logo</title></svg>');
    expect(result.status).toBe('failed');
    expect(result.data).toMatchObject({ title_length: 0 });
  });

  it('fails an empty title', () => {
    expect(run('<title>  </title>').status).toBe('failed');
  });

  it('warns about more than one title', () => {
    const result = run('<title>Handmade oak tables</title><title>Another one here</title>');
    expect(result.status).toBe('warning');
    expect(result.message).toContain('2 <title> elements');
  });

  it.each(['Home', 'React App', 'Untitled'])('warns about the placeholder "%s"', (title) => {
    expect(run(`<title>${title}</title>`).status).toBe('warning');
  });

  it('warns below 10 characters and wider than a search result shows, counting code points', () => {
    expect(run('<title>Oak desk</title>').status).toBe('warning');
    const long = run(`<title>${'Oak tables '.repeat(7)}and chairs</title>`);
    expect(long.status).toBe('warning');
    expect(long.message).toBe(
      'The title is about 800 px wide (87 characters), and desktop search results show only about 580 px of a title: searchers would read “Oak tables Oak tables Oak tables Oak tables Oak tables Oak …”.',
    );
    expect(run('<title>🌳🌳🌳🌳🌳 oak trees</title>').data).toMatchObject({ title_length: 15 });
  });

  it('collapses whitespace inside the title', () => {
    expect(run('<title>\n  Handmade   oak\ttables \n</title>').data).toMatchObject({
      title: 'Handmade oak tables',
    });
  });
});
