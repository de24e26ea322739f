import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { estimatePixelWidth } from '../text/pixel-width';
import { SEARCH_RESULT } from '../text/search-result';
import { format } from './define-check';
import { metaDescription } from './meta-description';
import { metaTitle } from './meta-title';
import { serpPreview } from './serp-preview';

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
      `In a search result the title (about ${estimatePixelWidth(LONG_TITLE)} px wide) would be cut off with “…” after about 580 px, so searchers would not see its last words.`,
    );
    const { title, truncated } = preview(result);
    expect(truncated).toBe(true);
    expect(title).toMatch(/^Handmade Solid Oak .* …$/);
    expect(LONG_TITLE.startsWith(title.slice(0, -2))).toBe(true);
    expect(estimatePixelWidth(title)).toBeLessThanOrEqual(SEARCH_RESULT.title.maxPx);
  });

  it('cuts a description wider than 985 px at a whole word', () => {
    const description = 'Oak tables made by hand. '.repeat(8).trim();
    const result = run('Oak tables', description);
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      `In a search result the description (${description.length} characters, about ${estimatePixelWidth(description, 14)} px) would be cut off with “…” after about 985 px, so searchers would not see its end.`,
    );
    const shown = preview(result).description;
    expect(shown).toMatch(/^Oak tables made by hand\. .* …$/);
    expect(estimatePixelWidth(shown, 14)).toBeLessThanOrEqual(985);
  });

  it('cuts a description of few but wide characters', () => {
    const description = 'WOODWORKING WORKSHOP '.repeat(6).trim();
    const result = run('Oak tables', description);
    expect(result.status).toBe('warning');
    expect(result.message).toContain('description (125 characters');
    expect(preview(result)).toMatchObject({ truncated: true, description: expect.stringMatching(/ …$/) });
  });

  it('says so when both would be cut', () => {
    expect(run(LONG_TITLE, 'Oak tables made by hand. '.repeat(8)).message).toBe(
      'In a search result both the title and the description would be cut off with “…”, so searchers would not see their last words.',
    );
  });

  // One rule: the length checks warn about a title or description exactly when the preview cuts it.
  const TITLE = 'Oak dining tables – Woodline';
  const DESCRIPTION =
    'Solid oak dining tables, chairs and benches, made to measure in our Yorkshire workshop.';
  it.each([
    [
      'a 73-character title of narrow letters, shown in full',
      'Lilli’s little list: fifty-five fine tiles, jiffy fills and tiny lift kits',
      DESCRIPTION,
    ],
    [
      'a 48-character title of wide capitals, cut',
      'WOODLINE WORKSHOP: MADE-TO-MEASURE OAK FURNITURE',
      DESCRIPTION,
    ],
    [
      'a 150-character description of wide letters, cut',
      TITLE,
      'MEMBERS GET WOODWORKING WORKSHOP MAKE-OVERS. '.repeat(4).trim().slice(0, 150),
    ],
    [
      'a 170-character description of narrow letters, shown in full',
      TITLE,
      'Still, it is fit: fill it with little lilies, tall lilacs, fine tiles. '
        .repeat(3)
        .trim()
        .slice(0, 170),
    ],
  ])('never contradicts the title and description checks: %s', (_, title, description) => {
    const preview = run(title, description).data?.serp_preview as Preview;
    const html = `<html><head><title>${title}</title><meta name="description" content="${description}"></head></html>`;
    const document = parseDocument(html, 'https://example.com/');
    const titleResult = metaTitle.evaluate({ document }, { format });
    const descriptionResult = metaDescription.evaluate({ document }, { format });
    expect(titleResult.status === 'warning', titleResult.message).toBe(preview.title !== title);
    expect(descriptionResult.status === 'warning', descriptionResult.message).toBe(
      preview.description !== description,
    );
  });
});
