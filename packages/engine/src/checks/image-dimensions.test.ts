import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { imageDimensions } from './image-dimensions';

const run = (body: string) =>
  imageDimensions.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );

describe('image-dimensions', () => {
  it('passes images sized by attributes, CSS aspect-ratio or CSS width and height', () => {
    const result = run(
      '<img src="a.jpg" width="1200" height="800"><img src="b.jpg" style="width:100%; aspect-ratio: 16 / 9"><img src="c.jpg" style="width: 40px; height: 40px"><noscript><img src="d.jpg"></noscript>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('All 3 images reserve their space with width and height.');
    expect(result.data).toEqual({ unsized_images: [] });
  });

  it('is not applicable to a page without images', () => {
    expect(run('<p>No pictures</p>')).toMatchObject({
      status: 'skipped',
      message: 'The page has no images.',
    });
  });

  it('warns about images missing a dimension or using auto', () => {
    const result = run(
      '<img src="a.jpg" width="1200"><img src="/b.png" style="width:auto;height:auto"><img src="c.jpg" width="" height="80"><img src="d.jpg" width="10" height="10"><img src="e.jpg" style="width:100%;height:50%">',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '4 of 5 images have no width and height (or CSS aspect-ratio); the page jumps while they load.',
    );
    expect(result.data).toEqual({
      unsized_images: [
        'https://example.com/a.jpg',
        'https://example.com/b.png',
        'https://example.com/c.jpg',
        'https://example.com/e.jpg',
      ],
    });
  });
});
