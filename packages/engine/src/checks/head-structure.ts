import type { AnyNode, ElementNode } from '../html/dom';
import { HEAD_CONTENT, headLinks } from '../html/head-elements';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: how much markup to quote, how many duplicate ids to name. */
export const thresholds = { snippetLength: 120, idsInMessage: 5 };

const messages = {
  ok: 'Metadata sits in <head>, element ids are unique, and there is at most one canonical and one robots tag.',
  problems: '{first}{rest}.',
  misplaced: '{count} head element(s) sit inside <body>, where search engines ignore them ({tags})',
  headBroken:
    'the <{tag}> element inside <head> makes browsers end the head early, so the {count} head element(s) after it ({tags}) land in <body>',
  headText:
    'text inside <head> makes browsers end the head early, so the {count} head element(s) after it ({tags}) land in <body>',
  duplicateIds: '{count} id(s) are used on more than one element ({ids})',
  repeated: 'the page has {count} {what} tags, and crawlers may pick either',
  canonical: 'canonical',
  robots: 'robots meta',
};

// What browsers and crawlers honour only in <head>. Microdata `<meta itemprop>` in the body is fine.
const HEAD_ONLY =
  'title, base, meta[charset], meta[http-equiv], meta[name="description" i], meta[name="robots" i], meta[name="googlebot" i], meta[name="bingbot" i], meta[name="viewport" i], link[rel~="canonical" i], link[rel~="alternate" i][hreflang]';
/** Elements the HTML parser keeps in <head>; anything else there ends the head (§13.2.6.4.4). */

const isElement = (node: AnyNode): node is ElementNode => 'attribs' in node;

export const headStructure = defineCheck({
  key: 'head-structure',
  title: 'Head markup hygiene',
  category: 'common-seo',
  relevance: 4,
  scope: 'page',
  requires: ['document'],
  description:
    'Search engines read the title, description, robots, canonical and hreflang tags only from <code>&lt;head&gt;</code>; one that ends up in the body, often from a plugin or from something that closes the head early, is ignored. Duplicate ids and repeated canonical or robots tags confuse scripts, assistive technology and crawlers.',
  recommendation:
    'Keep metadata in <head>, give each id to one element, and have one canonical and one robots tag.',
  howToFix:
    'Move the listed elements into <code>&lt;head&gt;</code>. If the template already has them there, look for what comes before them that cannot be in the head (a <code>&lt;div&gt;</code>, an <code>&lt;img&gt;</code>, an <code>&lt;iframe&gt;</code> from a tracking snippet, or stray text) and move it into the <code>&lt;body&gt;</code>: browsers close the head as soon as they meet it. Rename repeated ids, and remove the extra canonical or robots tags that a theme or a second SEO plugin adds.',
  evaluate({ document: { $ } }, { format }) {
    const describe = (el: ElementNode) => ({
      tag: el.tagName.toLowerCase(),
      snippet: $.html(el).replace(/\s+/g, ' ').slice(0, thresholds.snippetLength),
    });
    const tagList = (elements: ElementNode[]) =>
      [...new Set(elements.map((el) => `<${el.tagName.toLowerCase()}>`))].join(', ');
    const problems: string[] = [];

    const inBody = $('body')
      .find(HEAD_ONLY)
      .filter((_, el) => $(el).closest('svg, template, noscript').length === 0)
      .toArray();
    if (inBody.length > 0)
      problems.push(format(messages.misplaced, { count: inBody.length, tags: tagList(inBody) }));

    // htmlparser2 leaves a <div> in <head> where the author put it; a browser ends the head there.
    const headNodes = $('head').first().contents().toArray();
    const breakAt = headNodes.findIndex((node) =>
      isElement(node)
        ? !HEAD_CONTENT.has(node.tagName.toLowerCase())
        : node.type === 'text' && /\S/.test(node.data),
    );
    const pushedOut =
      breakAt < 0
        ? []
        : headNodes
            .slice(breakAt + 1)
            .filter(isElement)
            .flatMap((el) => [...$(el).filter(HEAD_ONLY).toArray(), ...$(el).find(HEAD_ONLY).toArray()]);
    if (pushedOut.length > 0) {
      const breaker = headNodes[breakAt]!;
      const values = { count: pushedOut.length, tags: tagList(pushedOut) };
      problems.push(
        isElement(breaker)
          ? format(messages.headBroken, { ...values, tag: breaker.tagName.toLowerCase() })
          : format(messages.headText, values),
      );
    }

    const counts = new Map<string, number>();
    $('[id]').each((_, el) => {
      // A template's content is inert until cloned, so its ids do not clash with the page's.
      if ($(el).parents('template').length > 0) return;
      const id = $(el).attr('id')!.trim();
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    });
    const duplicates = [...counts].filter(([, count]) => count > 1).map(([id, count]) => ({ id, count }));
    if (duplicates.length > 0)
      problems.push(
        format(messages.duplicateIds, {
          count: duplicates.length,
          ids: duplicates
            .slice(0, thresholds.idsInMessage)
            .map(({ id }) => `#${id}`)
            .join(', '),
        }),
      );

    // A canonical in the body is reported as misplaced above; only those search engines read count here.
    const canonicals = headLinks($, 'canonical').length;
    const robots = $('meta[name="robots" i]').length;
    if (canonicals > 1)
      problems.push(format(messages.repeated, { count: canonicals, what: messages.canonical }));
    if (robots > 1) problems.push(format(messages.repeated, { count: robots, what: messages.robots }));

    const data = {
      misplaced_head_elements: [...inBody, ...pushedOut].map(describe),
      duplicate_ids: duplicates,
    };
    if (problems.length === 0) return passed(messages.ok, data);
    const sentence = problems.join('; ');
    return warning(
      format(messages.problems, { first: sentence.charAt(0).toUpperCase(), rest: sentence.slice(1) }),
      data,
    );
  },
});
