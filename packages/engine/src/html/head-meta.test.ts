import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { documentTitles, metaDescriptions } from './head-meta';

const doc = (html: string) => parseDocument(html, 'https://example.com/').$;

describe('documentTitles', () => {
  it('collapses whitespace and skips SVG titles', () => {
    expect(
      documentTitles(doc('<title>\n Oak   tables </title><body><svg><title>Logo</title></svg></body>')),
    ).toEqual(['Oak tables']);
  });
});

describe('metaDescriptions', () => {
  it('reads every description tag, whatever the case of its name', () => {
    expect(
      metaDescriptions(
        doc(
          '<meta name="description" content=" Oak\n tables "><meta name=" DESCRIPTION " content=""><meta name="keywords" content="x">',
        ),
      ),
    ).toEqual(['Oak tables', '']);
  });
});
