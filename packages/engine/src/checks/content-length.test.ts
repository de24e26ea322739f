import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { contentLength } from './content-length';
import { format } from './define-check';

/** `n` distinct-looking words of plain prose. */
const prose = (n: number) =>
  Array.from({ length: n }, (_, i) => ['oak', 'table', 'made', 'by', 'hand'][i % 5]).join(' ');
const run = (html: string) =>
  contentLength.evaluate(
    {
      document: parseDocument(html, 'https://example.com/'),
      page: pageArtifact('https://example.com/', html),
    },
    { format },
  );

describe('content-length', () => {
  it('passes 300 words or more, counting only the main content', () => {
    const html = `<html lang="en"><body><header>${prose(40)}</header><nav>${prose(500)}</nav><main><p>${prose(320)}</p><script>var words = "${prose(50)}";</script></main><footer>${prose(60)}</footer></body></html>`;
    const result = run(html);
    expect(result.status).toBe('passed');
    expect(result.data?.word_count).toBe(320);
    expect(result.message).toMatch(
      /^The main content has 320 words; visible text is \d+(\.\d)? % of the HTML\.$/,
    );
  });

  it('leaves out navigation and sidebars when the page marks no main region', () => {
    const html = `<body><header>Woodline</header><nav>${prose(400)}</nav><div><p>${prose(150)}</p></div><aside>${prose(200)}</aside><footer>${prose(100)}</footer></body>`;
    expect(run(html)).toMatchObject({ status: 'warning', data: { word_count: 150 } });
  });

  it('warns between 100 and 299 words', () => {
    const result = run(`<body><main><p>${prose(150)}</p></main></body>`);
    expect(result).toMatchObject({ status: 'warning', data: { word_count: 150 } });
    expect(result.message).toBe(
      'The main content has 150 words; pages under 300 words rarely say enough to rank for more than their name.',
    );
  });

  it('warns when visible text is under 10 % of the HTML, and reports the ratio', () => {
    const body = `<main><p>${prose(320)}</p></main>`;
    const html = `<html><head><script>${'x'.repeat(30_000)}</script></head><body>${body}</body></html>`;
    const result = run(html);
    expect(result.status).toBe('warning');
    expect(result.message).toContain('markup and scripts outweigh the content');
    const visible = Buffer.byteLength(prose(320));
    expect(result.data?.text_html_ratio).toBe(Math.round((visible / Buffer.byteLength(html)) * 1000) / 10);
  });

  it('fails under 100 words', () => {
    expect(run('<body><main><p>Oak tables, made by hand.</p></main></body>')).toEqual({
      status: 'failed',
      message:
        'The main content has only 5 words (under 100): search engines may treat the page as thin content.',
      data: { word_count: 5, text_html_ratio: 43.1 },
    });
  });
});
