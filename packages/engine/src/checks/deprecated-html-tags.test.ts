import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { deprecatedHtmlTags, OBSOLETE_ELEMENTS } from './deprecated-html-tags';

const run = (body: string) =>
  deprecatedHtmlTags.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );

describe('deprecated-html-tags', () => {
  it('passes current HTML, and ignores SVG and MathML elements of the same name', () => {
    expect(
      run(
        '<main><p><abbr>HTML</abbr> <s>old</s> <del>gone</del></p><svg><font horiz-adv-x="500"></font></svg><math><mi>x</mi></math></main>',
      ),
    ).toEqual({
      status: 'passed',
      message: 'The page uses no obsolete HTML elements.',
      data: { deprecated_tags: [] },
    });
  });

  it('warns and lists each obsolete element with its count, most frequent first', () => {
    const result = run(
      '<center><font color="red">a</font><font>b</font></center><marquee>sale</marquee><p><tt>x</tt><strike>y</strike></p>',
    );
    expect(result.status).toBe('warning');
    expect(result.data?.deprecated_tags).toEqual([
      { tag: 'font', freq: 2 },
      { tag: 'center', freq: 1 },
      { tag: 'marquee', freq: 1 },
      { tag: 'strike', freq: 1 },
      { tag: 'tt', freq: 1 },
    ]);
    expect(result.message).toBe(
      'The page uses obsolete HTML elements: <font> ×2, <center> ×1, <marquee> ×1, <strike> ×1, <tt> ×1. Browsers may render them differently or not at all, and they mix presentation into the content.',
    );
  });

  // The obsolete elements of the HTML standard, minus the frame ones (tested below) and
  // <plaintext>, which swallows the rest of the page.
  it.each([
    'acronym',
    'applet',
    'basefont',
    'bgsound',
    'big',
    'blink',
    'center',
    'dir',
    'font',
    'isindex',
    'keygen',
    'listing',
    'marquee',
    'menuitem',
    'multicol',
    'nextid',
    'nobr',
    'noembed',
    'rb',
    'rtc',
    'spacer',
    'strike',
    'tt',
    'xmp',
  ])('finds <%s>', (tag) => {
    expect(run(`<div><${tag}>x</${tag}></div>`).data?.deprecated_tags).toEqual([{ tag, freq: 1 }]);
  });

  it('knows the whole list', () => {
    expect(OBSOLETE_ELEMENTS).toHaveLength(28);
  });

  it('finds a frameset page', () => {
    const result = deprecatedHtmlTags.evaluate(
      {
        document: parseDocument(
          '<html><frameset><frame src="a.html"><noframes>Old</noframes></frameset></html>',
          'https://example.com/',
        ),
      },
      { format },
    );
    expect(result.data?.deprecated_tags).toEqual([
      { tag: 'frame', freq: 1 },
      { tag: 'frameset', freq: 1 },
      { tag: 'noframes', freq: 1 },
    ]);
  });
});
