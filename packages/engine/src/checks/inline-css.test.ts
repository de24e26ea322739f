import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { inlineCss } from './inline-css';

const run = (body: string) =>
  inlineCss.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );

describe('inline-css', () => {
  it('passes up to 20 style attributes, ignoring SVG and empty ones', () => {
    expect(
      run(
        `<p style="color:red">x</p>${'<span style="margin:0">y</span>'.repeat(19)}<b style=" ">z</b><svg><path style="fill:red"/><g><rect style="x"/></g></svg>`,
      ),
    ).toEqual({
      status: 'passed',
      message: 'Inline style attributes: 20 (up to 20 is fine).',
      data: {
        inline_styles: [
          { selector: 'p', chars: 9 },
          ...Array.from({ length: 9 }, () => ({ selector: 'span', chars: 8 })),
        ],
      },
    });
  });

  it('passes a page without any', () => {
    expect(run('<p>x</p>')).toMatchObject({ status: 'passed', data: { inline_styles: [] } });
  });

  it('warns above 20, with the count and the heaviest elements first', () => {
    const result = run(
      `${'<span style="color:red">x</span>'.repeat(21)}<div id="hero" class="big wide tall" style="${'margin:0;'.repeat(10)}">y</div>`,
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page has 22 inline style attributes, more than 20: styles in a stylesheet are downloaded once, cached, and easier to keep consistent.',
    );
    const listed = result.data?.inline_styles as { selector: string; chars: number }[];
    expect(listed[0]).toEqual({ selector: 'div#hero.big.wide', chars: 90 });
    expect(listed).toHaveLength(10);
  });
});
