import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { headingTags } from './heading-tags';

const run = (body: string) =>
  headingTags.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );

describe('heading-tags', () => {
  it('passes one H1 and H2 sections without jumps, going back up freely', () => {
    const result = run('<h1>Oak tables</h1><h2>Wood</h2><h3>Drying</h3><h2>Joinery</h2>');
    expect(result).toEqual({
      status: 'passed',
      message: 'One H1 (“Oak tables”), 2 H2 and a clean outline.',
      data: {
        h1_list: ['Oak tables'],
        h2_list: ['Wood', 'Joinery'],
        heading_outline: [
          { level: 1, text: 'Oak tables' },
          { level: 2, text: 'Wood' },
          { level: 3, text: 'Drying' },
          { level: 2, text: 'Joinery' },
        ],
      },
    });
  });

  it('fails without an H1, ignoring headings in SVG and templates', () => {
    const result = run('<svg><h1>Icon</h1></svg><template><h1>Later</h1></template><h2>Wood</h2>');
    expect(result.status).toBe('failed');
    expect(result.message).toContain('The page has no H1 heading');
    expect(result.data).toMatchObject({ h1_list: [], h2_list: ['Wood'] });
  });

  it('fails when the only H1 is empty', () => {
    expect(run('<h1> </h1><h2>Wood</h2>')).toMatchObject({
      status: 'failed',
      message: 'The page’s only H1 is empty: search engines and screen readers learn nothing from it.',
      data: { h1_list: [''] },
    });
  });

  it('reads an image’s alt text as the heading text', () => {
    expect(run('<h1><img src="/logo.png" alt="Woodline"></h1><h2>Wood</h2>').data?.h1_list).toEqual([
      'Woodline',
    ]);
  });

  it('warns about more than one H1', () => {
    expect(run('<h1>A</h1><h1>B</h1><h2>C</h2>')).toMatchObject({
      status: 'warning',
      message: 'The page has 2 H1 headings; one clear H1 says best what the page is about.',
      data: { h1_list: ['A', 'B'] },
    });
  });

  it('warns about no H2 and about more than 10', () => {
    expect(run('<h1>A</h1>')).toMatchObject({
      status: 'warning',
      message: 'There are no H2 headings to structure the content.',
    });
    const many = run(`<h1>A</h1>${'<h2>S</h2>'.repeat(11)}`);
    expect(many.status).toBe('warning');
    expect(many.message).toBe('There are 11 H2 headings (over 10); group some under fewer sections.');
  });

  it('warns about empty headings', () => {
    expect(run('<h1>A</h1><h2>B</h2><h3></h3>')).toMatchObject({
      status: 'warning',
      message: '1 heading(s) are empty.',
    });
  });

  it('warns about skipped levels, listing each jump once, with the other problems', () => {
    const result = run('<h1>A</h1><h2>B</h2><h4>D</h4><h2>E</h2><h4>F</h4><h6>G</h6>');
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The outline skips levels (h2→h4, h4→h6).');
    expect(run('<h1>A</h1><h3>C</h3>').message).toBe(
      'There are no H2 headings to structure the content; the outline skips levels (h1→h3).',
    );
  });
});
