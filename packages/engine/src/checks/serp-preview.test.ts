import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { estimatePixelWidth } from '../text/pixel-width';
import { format } from './define-check';
import { serpPreview, thresholds } from './serp-preview';

const run = (title: string, description: string, url = 'https://example.com/tables/oak-dining?ref=nav') =>
  serpPreview.evaluate(
    {
      document: parseDocument(
        `<html><head><title>${title}</title><meta name="description" content="${description}"></head></html>`,
        url,
      ),
    },
    { format },
  );
type Preview = { title: string; url: string; description: string; truncated: boolean };
const preview = (result: ReturnType<typeof run>) => result.data?.serp_preview as Preview;

const LONG_TITLE =
  'Handmade Solid Oak Dining Tables, Chairs, Benches and Sideboards Made to Measure – Woodline Workshop';

describe('serp-preview', () => {
  it('shows the result as is when nothing is cut', () => {
    expect(run('Oak dining tables – Woodline', 'Solid oak tables made by hand.')).toEqual({
      status: 'passed',
      message: 'The title and the description fit in a search result without being cut.',
      data: {
        serp_preview: {
          title: 'Oak dining tables – Woodline',
          url: 'https://example.com › tables › oak-dining',
          description: 'Solid oak tables made by hand.',
          truncated: false,
        },
      },
    });
  });

  it('decodes the path in the breadcrumb', () => {
    expect(preview(run('Oak', 'Oak.', 'https://example.com/m%C3%B6bel/tische/')).url).toBe(
      'https://example.com › möbel › tische',
    );
  });

  it('cuts a title wider than 580 px at a whole word', () => {
    const result = run(LONG_TITLE, 'Short.');
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      `In a search result the title (about ${estimatePixelWidth(LONG_TITLE)} px wide) would be cut off with “…” after about 580 px.`,
    );
    const { title, truncated } = preview(result);
    expect(truncated).toBe(true);
    expect(title).toMatch(/^Handmade Solid Oak .* …$/);
    expect(LONG_TITLE.startsWith(title.slice(0, -2))).toBe(true);
    expect(estimatePixelWidth(title)).toBeLessThanOrEqual(thresholds.titlePx);
  });

  it('cuts a description over 160 characters', () => {
    const description = 'Oak tables made by hand. '.repeat(8).trim();
    const result = run('Oak tables', description);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      `In a search result the description (${description.length} characters, about ${estimatePixelWidth(description, 14)} px) would be cut off with “…”.`,
    );
    const shown = preview(result).description;
    expect(shown.endsWith(' …')).toBe(true);
    expect([...shown.slice(0, -2)].length).toBeLessThanOrEqual(160);
  });

  it('cuts a description under 160 characters that is wider than 920 px', () => {
    const description = 'WOODWORKING WORKSHOP '.repeat(6).trim();
    expect(description.length).toBeLessThanOrEqual(160);
    const result = run('Oak tables', description);
    expect(result.status).toBe('warning');
    expect(result.message).toContain('description (125 characters');
    expect(preview(result)).toMatchObject({ truncated: true, description: expect.stringMatching(/ …$/) });
  });

  it('says so when both would be cut', () => {
    expect(run(LONG_TITLE, 'Oak tables made by hand. '.repeat(8)).message).toBe(
      'In a search result both the title and the description would be cut off with “…”.',
    );
  });
});
