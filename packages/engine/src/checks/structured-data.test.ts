import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { structuredData } from './structured-data';

const run = (body: string) =>
  structuredData.evaluate(
    { document: parseDocument(`<html><head></head><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('structured-data', () => {
  it('passes valid JSON-LD, with a @graph, and Microdata and RDFa items', () => {
    const result = run(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Organization',
            name: 'Woodline',
            url: 'https://example.com/',
            logo: 'https://example.com/l.png',
          },
          {
            '@type': 'BreadcrumbList',
            itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home' }],
          },
        ],
      }) +
        `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Oak table</h1><img itemprop="image" src="t.jpg"><p itemprop="description">Solid oak.</p><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">499</span></div></div>` +
        `<div vocab="https://schema.org/" typeof="Article"><h2 property="headline">Caring for oak</h2><span property="author">Ann</span><time property="datePublished">2025-01-01</time><img property="image" src="a.jpg"></div>`,
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'Found 4 valid structured data items: Organization, BreadcrumbList, Product, Article.',
    );
    expect(result.data).toEqual({
      structured_data: [
        { format: 'json-ld', type: 'Organization', errors: [], warnings: [] },
        { format: 'json-ld', type: 'BreadcrumbList', errors: [], warnings: [] },
        { format: 'microdata', type: 'Product', errors: [], warnings: [] },
        { format: 'rdfa', type: 'Article', errors: [], warnings: [] },
      ],
    });
  });

  it('warns when there is no structured data', () => {
    const result = run('<p>Plain page</p>');
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page has no structured data; rich results (stars, prices, breadcrumbs, FAQs) need it.',
    );
    expect(result.data).toEqual({ structured_data: [] });
  });

  it('warns about unknown types, missing @context, retired vocabularies and missing recommended properties', () => {
    const result = run(
      jsonLd({ '@context': 'https://schema.org', '@type': 'Prodcut', name: 'x' }) +
        jsonLd({ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question' }] }) +
        '<div itemscope itemtype="http://data-vocabulary.org/Breadcrumb"><span itemprop="title">Home</span></div>' +
        jsonLd({ '@context': 'https://schema.org', '@type': 'Recipe', name: 'Bread', image: 'b.jpg' }),
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      '4 of 4 structured data items have warnings, e.g. Prodcut is not a known schema.org type; check its spelling and case.',
    );
    expect(result.data).toEqual({
      structured_data: [
        {
          format: 'json-ld',
          type: 'Prodcut',
          errors: [],
          warnings: ['Prodcut is not a known schema.org type; check its spelling and case.'],
        },
        {
          format: 'json-ld',
          type: 'FAQPage',
          errors: [],
          warnings: ['The JSON-LD has no schema.org @context, so its types are not read as schema.org.'],
        },
        {
          format: 'json-ld',
          type: 'Recipe',
          errors: [],
          warnings: [
            'Recipe is missing the recommended property recipeIngredient.',
            'Recipe is missing the recommended property recipeInstructions.',
          ],
        },
        {
          format: 'microdata',
          type: 'http://data-vocabulary.org/Breadcrumb',
          errors: [],
          warnings: [
            'The type http://data-vocabulary.org/Breadcrumb is not from schema.org; data-vocabulary.org and other retired vocabularies are ignored.',
          ],
        },
      ],
    });
  });

  it('fails JSON-LD that is not valid JSON', () => {
    const result = run('<script type="application/ld+json">{"@type": "Product", "name": "x",}</script>');
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(
      /^The one structured data item has errors, e.g. The JSON-LD block is not valid JSON \(/,
    );
    expect(result.data).toMatchObject({ structured_data: [{ format: 'json-ld', type: null }] });
  });

  it.each([
    [
      { '@type': 'Product', name: 'Oak table', image: 'x.jpg', description: 'd' },
      'Product is missing the required property offers or review or aggregateRating.',
    ],
    [
      { '@type': 'NewsArticle', image: 'x', datePublished: '2025', author: 'A' },
      'NewsArticle is missing the required property headline.',
    ],
    [
      { '@type': 'BreadcrumbList', itemListElement: [] },
      'BreadcrumbList is missing the required property itemListElement.',
    ],
    [{ '@type': 'FAQPage' }, 'FAQPage is missing the required property mainEntity.'],
    [{ '@type': 'Corporation', url: 'u', logo: 'l' }, 'Corporation is missing the required property name.'],
    [
      { '@type': 'Restaurant', name: 'Oak & Ale', telephone: '1', url: 'u' },
      'Restaurant is missing the required property address.',
    ],
    [
      { '@type': 'Recipe', name: 'Bread', recipeIngredient: ['flour'], recipeInstructions: 'Bake' },
      'Recipe is missing the required property image.',
    ],
    [
      { '@type': 'MusicEvent', name: 'Gig', location: 'Hall', description: 'd', image: 'i', endDate: 'e' },
      'MusicEvent is missing the required property startDate.',
    ],
  ])('fails a rich-result type without its required properties (%#)', (item, error) => {
    const result = run(jsonLd({ '@context': 'https://schema.org', ...item }));
    expect(result.status).toBe('failed');
    expect(result.data).toMatchObject({ structured_data: [{ errors: [error] }] });
  });

  it('reads types given as full URLs, arrays and in Microdata nested properties', () => {
    const result = run(
      jsonLd({
        '@type': ['https://schema.org/Product', 'https://schema.org/Car'],
        name: 'Van',
        offers: { price: 1 },
      }) +
        '<div itemscope itemtype="https://schema.org/LocalBusiness"><span itemprop="name">Shop</span><div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="streetAddress">1 Oak St</span></div></div>',
    );
    expect(result.data).toMatchObject({
      structured_data: [
        { format: 'json-ld', type: 'Product, Car', errors: [] },
        { format: 'microdata', type: 'LocalBusiness', errors: [] },
      ],
    });
  });

  it('warns about RDFa without a schema.org vocab', () => {
    const result = run('<div typeof="Product"><span property="name">Oak</span></div>');
    expect(result.status).toBe('warning');
    expect(result.data).toMatchObject({
      structured_data: [{ format: 'rdfa', warnings: [expect.stringContaining('has no vocab=')] }],
    });
  });

  it('reads a @graph holding a single object', () => {
    const result = run(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': { '@type': 'Organization', name: 'W', url: 'u', logo: 'l' },
      }),
    );
    expect(result.status).toBe('passed');
    expect(result.data).toEqual({
      structured_data: [{ format: 'json-ld', type: 'Organization', errors: [], warnings: [] }],
    });
  });
});
