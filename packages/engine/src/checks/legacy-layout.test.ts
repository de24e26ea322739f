import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { legacyLayout } from './legacy-layout';

const run = (html: string) =>
  legacyLayout.evaluate({ document: parseDocument(html, 'https://example.com/site/') }, { format });

describe('legacy-layout', () => {
  it('passes a page with an iframe and side-by-side data tables', () => {
    expect(
      run(
        '<body><iframe src="/map"></iframe><table><tr><td>1</td></tr></table><table><tr><td>2</td></tr></table></body>',
      ),
    ).toEqual({
      status: 'passed',
      message: 'The page uses no frames and no tables nested in tables.',
      data: { frames: [], nested_tables: 0 },
    });
  });

  it('warns about a table inside a table', () => {
    expect(run('<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table>')).toEqual({
      status: 'warning',
      message:
        'A table sits inside another table, the old way of laying out a page: heavy markup that does not adapt to phones.',
      data: { frames: [], nested_tables: 1 },
    });
  });

  it('counts every nested table', () => {
    const inner = '<table><tr><td>x</td></tr></table>';
    const result = run(
      `<table><tr><td>${inner}</td><td><table><tr><td>${inner}</td></tr></table></td></tr></table>`,
    );
    expect(result).toMatchObject({ status: 'warning', data: { nested_tables: 3 } });
    expect(result.message).toContain('3 tables sit inside other tables');
  });

  it('fails a frameset and lists its frames as absolute URLs', () => {
    const result = run(
      '<html><frameset cols="20%,80%"><frame src="menu.html"><frame src="/main.html"><frame></frameset></html>',
    );
    expect(result).toEqual({
      status: 'failed',
      message:
        'The page is built from frames (3 <frame> elements): search engines index each frame as a separate page, and visitors cannot link to or bookmark what they see.',
      data: {
        frames: ['https://example.com/site/menu.html', 'https://example.com/main.html', '<frame>'],
        nested_tables: 0,
      },
    });
  });
});
