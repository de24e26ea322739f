import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { elementText, textBlocks } from './text';

describe('textBlocks', () => {
  it('keeps blocks apart, inline elements together, and skips scripts, styles and hidden content', () => {
    const { $ } = parseDocument(
      '<html><head><title>T</title><style>p{}</style></head><body><h1>Oak <b>tables</b></h1><p>One<br>two</p><ul><li>a</li><li>b</li></ul><script>x()</script><div hidden>secret</div><template>tpl</template></body></html>',
      'https://example.com/',
    );
    expect(textBlocks($)).toEqual(['Oak tables', 'One', 'two', 'a', 'b']);
  });

  it('reads image alt text when asked, as anchor text does', () => {
    const { $ } = parseDocument(
      '<a href="/"><span>Read</span> <span>more</span><img alt="Logo"></a>',
      'https://example.com/',
    );
    expect(elementText($, $('a')[0]!)).toBe('Read more');
    expect(elementText($, $('a')[0]!, { imageAlt: true })).toBe('Read more Logo');
  });
});
