import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { imageAlt } from './image-alt';

const run = (body: string) =>
  imageAlt.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/shop/') },
    { format },
  );

describe('image-alt', () => {
  it('passes described images, decorative ones and labelled role=img elements', () => {
    const result = run(
      '<img src="table.jpg" alt="Oak dining table"><img src="line.png" alt=""><img src="x.gif" role="presentation"><input type="image" src="go.png" alt="Search"><div role="img" aria-label="Five stars"></div><svg role="img"><title>Logo</title></svg>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('All 6 images have alt text.');
    expect(result.data).toEqual({ img_tags: [] });
  });

  it('is not applicable to a page without images, and ignores noscript fallbacks', () => {
    expect(run('<p>Text</p><noscript><img src="a.png"></noscript>')).toMatchObject({
      status: 'skipped',
      message: 'The page has no images.',
    });
  });

  it('fails images without alt, including role=img without a label', () => {
    const result = run(
      '<img src="/img/hero.jpg"><img data-src="lazy.webp" alt="A chair"><span role="img"></span><input type="image" src="go.png">',
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      '3 of 4 images have no alt text; search engines and screen readers cannot tell what they show.',
    );
    expect(result.data).toEqual({
      img_tags: [
        { src: 'https://example.com/img/hero.jpg', alt: null, issue: 'missing' },
        { src: null, alt: null, issue: 'missing' },
        { src: 'https://example.com/shop/go.png', alt: null, issue: 'missing' },
      ],
    });
  });

  it('takes a plain word that names a navigation icon for what it is, not a repeated file name', () => {
    // A documentation site's navigation, as DocBook writes it.
    const result = run(
      '<a href="a.html"><img src="prev.png" alt="Prev"></a><a href="b.html"><img src="next.png" alt="Next"></a><a href="index.html"><img src="home.png" alt="Home"></a><img src="hero-banner-2x.png" alt="hero-banner-2x"><img src="logo.svg" alt="logo.svg">',
    );
    expect(result.data).toMatchObject({
      img_tags: [
        { alt: 'hero-banner-2x', issue: 'filename' },
        { alt: 'logo.svg', issue: 'filename' },
      ],
    });
    expect((result.data as { img_tags: unknown[] }).img_tags).toHaveLength(2);
  });

  it('warns about long alt text, file names and text repeated next to the image', () => {
    const long = `Oak table ${'with carved legs '.repeat(7)}`;
    const result = run(
      `<img src="a.jpg" alt="${long}"><img src="/img/IMG_1234.JPG" alt="img_1234"><figure><img src="b.jpg" alt="Our workshop"><figcaption>Our workshop.</figcaption></figure><a href="/chairs"><img src="c.jpg" alt="Chairs"> Chairs</a><img src="d.jpg" alt="Fine">`,
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '4 of 5 images have weak alt text: 1 longer than 100 characters, 1 repeating the file name, 2 repeating the text next to them.',
    );
    expect(result.data).toMatchObject({
      img_tags: [
        { src: 'https://example.com/shop/a.jpg', issue: 'too_long' },
        { src: 'https://example.com/img/IMG_1234.JPG', alt: 'img_1234', issue: 'filename' },
        { src: 'https://example.com/shop/b.jpg', alt: 'Our workshop', issue: 'redundant' },
        { src: 'https://example.com/shop/c.jpg', alt: 'Chairs', issue: 'redundant' },
      ],
    });
  });
});
