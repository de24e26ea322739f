import type { ElementNode } from '../html/dom';
import { defineCheck, passed, warning } from './define-check';

/** Elements the HTML standard lists as obsolete and non-conforming (§16.2, "Non-conforming features"). */
export const OBSOLETE_ELEMENTS = [
  'acronym',
  'applet',
  'basefont',
  'bgsound',
  'big',
  'blink',
  'center',
  'dir',
  'font',
  'frame',
  'frameset',
  'isindex',
  'keygen',
  'listing',
  'marquee',
  'menuitem',
  'multicol',
  'nextid',
  'nobr',
  'noembed',
  'noframes',
  'plaintext',
  'rb',
  'rtc',
  'spacer',
  'strike',
  'tt',
  'xmp',
];

const messages = {
  ok: 'The page uses no obsolete HTML elements.',
  found:
    'The page uses obsolete HTML elements: {list}. Browsers may render them differently or not at all, and they mix presentation into the content.',
};

export const deprecatedHtmlTags = defineCheck({
  key: 'deprecated-html-tags',
  title: 'Obsolete HTML elements',
  category: 'common-seo',
  relevance: 3,
  scope: 'page',
  requires: ['document'],
  description:
    'Looks for elements the HTML standard has made obsolete, such as <code>&lt;font&gt;</code>, <code>&lt;center&gt;</code> and <code>&lt;marquee&gt;</code>. They mix presentation into the markup and may stop working.',
  recommendation: 'Replace obsolete elements with current HTML and CSS.',
  howToFix:
    'Find the elements in your templates or content and replace them. Use CSS for looks: <code>font-family</code>, <code>font-size</code> and <code>color</code> instead of <code>&lt;font&gt;</code>, <code>&lt;basefont&gt;</code> and <code>&lt;big&gt;</code>; <code>text-align: center</code> or flexbox instead of <code>&lt;center&gt;</code>; <code>white-space: nowrap</code> instead of <code>&lt;nobr&gt;</code>; a CSS animation, or nothing, instead of <code>&lt;marquee&gt;</code> and <code>&lt;blink&gt;</code>. Use the current element where the meaning matters: <code>&lt;abbr&gt;</code> for <code>&lt;acronym&gt;</code>, <code>&lt;del&gt;</code> or <code>&lt;s&gt;</code> for <code>&lt;strike&gt;</code>, <code>&lt;code&gt;</code> or <code>&lt;kbd&gt;</code> for <code>&lt;tt&gt;</code>, <code>&lt;pre&gt;</code> for <code>&lt;xmp&gt;</code> and <code>&lt;listing&gt;</code>, <code>&lt;ul&gt;</code> for <code>&lt;dir&gt;</code>, <code>&lt;iframe&gt;</code> or plain pages for frames, and HTML with JavaScript for <code>&lt;applet&gt;</code>. Old WYSIWYG editors and themes are the usual source: cleaning the content once and switching the editor to current markup stops them coming back.',
  evaluate({ document: { $ } }, { format }) {
    // SVG has its own <font> element, and neither SVG nor MathML content is HTML.
    // One pass over the document for all the elements, not one per element name.
    const counts = new Map<string, number>();
    $(OBSOLETE_ELEMENTS.join(',')).each((_, el) => {
      const { name } = el as ElementNode;
      if ($(el).parents('svg, math').length === 0) counts.set(name, (counts.get(name) ?? 0) + 1);
    });
    const tags = OBSOLETE_ELEMENTS.map((tag) => ({ tag, freq: counts.get(tag) ?? 0 }))
      .filter((t) => t.freq > 0)
      .sort((a, b) => b.freq - a.freq);
    const data = { deprecated_tags: tags };
    if (tags.length === 0) return passed(messages.ok, data);
    return warning(
      format(messages.found, { list: tags.map((t) => `<${t.tag}> ×${t.freq}`).join(', ') }),
      data,
    );
  },
});
