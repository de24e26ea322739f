import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { simhashOf } from '../html/simhash';
import { layoutFeatures } from './page-facts';
import { groupPages, matchingGroupKey, urlPattern } from './page-groups';

const article = (words: string) =>
  `<html><body><header class="site-header"><nav class="menu"><a href="/">Home</a></nav></header>
   <main class="post"><article class="post-body"><h1>${words}</h1><p>${words} ${words}</p></article>
   <aside class="related"><ul><li>One</li><li>Two</li></ul></aside></main>
   <footer class="site-footer"><p>Footer</p></footer></body></html>`;
const product = (words: string) =>
  `<html><body><div class="shop-top"><form class="search"><input name="q"></form></div>
   <section class="product"><div class="gallery"><img src="a.png"></div><div class="buy-box"><h1>${words}</h1>
   <span class="price">9</span><button class="add-to-cart">Add</button></div></section>
   <table class="specs"><tr><td>${words}</td></tr></table></body></html>`;
const layout = (html: string) => simhashOf(layoutFeatures(load(html)));

describe('layoutFeatures', () => {
  it('gives pages of one template the same layout whatever their words, and another template another', () => {
    expect(layout(article('Spring news'))).toBe(layout(article('A much longer headline about autumn')));
    expect(layout(article('Spring news'))).not.toBe(layout(product('Spring news')));
  });

  it('counts a repeated element once, so a longer list is the same template', () => {
    const short = '<body><ul class="list"><li>a</li></ul></body>';
    const long = `<body><ul class="list">${'<li>a</li>'.repeat(50)}</ul></body>`;
    expect(layoutFeatures(load(short))).toEqual(layoutFeatures(load(long)));
  });
});

describe('groupPages', () => {
  const site = 'https://example.com';
  const pages = [
    { id: 'home', url: `${site}/`, layoutHash: layout(article('Home')) },
    { id: 'about', url: `${site}/about`, layoutHash: layout(article('About')) },
    { id: 'contact', url: `${site}/contact`, layoutHash: layout(article('Contact')) },
    ...[1, 2, 3, 4].map((n) => ({
      id: `post${n}`,
      url: `${site}/blog/post-${n}`,
      layoutHash: layout(article(`Post ${n}`)),
    })),
    ...[1, 2, 3].map((n) => ({
      id: `p${n}`,
      url: `${site}/shop/item-${n}`,
      layoutHash: layout(product(`Item ${n}`)),
    })),
    // Too few to make a group of their own: they join the top level.
    { id: 'lonely', url: `${site}/press/2024/kit`, layoutHash: layout(article('Press')) },
    { id: 'gone', url: `${site}/shop/missing`, layoutHash: null },
  ];

  it('makes one group per URL pattern and template, titled and described from its URLs', () => {
    const groups = groupPages(pages);
    expect(groups.map((g) => [g.key, g.title, g.ids])).toEqual([
      ['/', 'Main pages', ['home', 'about', 'contact', 'lonely']],
      ['/blog/', 'Blog', ['post1', 'post2', 'post3', 'post4']],
      ['/shop/', 'Shop', ['p1', 'p2', 'p3', 'gone']],
    ]);
    expect(groups[1]!.description).toBe(
      'Pages under /blog/, such as /blog/post-1, /blog/post-2 and /blog/post-3.',
    );
    expect(groups[0]!.description).toBe(
      'Pages at the top level of the site, such as /, /about and /contact.',
    );
  });

  it('splits a pattern whose pages use two templates, and finds the second again on the next crawl', () => {
    const mixed = [
      ...[1, 2, 3, 4].map((n) => ({
        id: `a${n}`,
        url: `${site}/docs/a${n}`,
        layoutHash: layout(article(`A ${n}`)),
      })),
      ...[1, 2, 3].map((n) => ({
        id: `b${n}`,
        url: `${site}/docs/b${n}`,
        layoutHash: layout(product(`B ${n}`)),
      })),
    ];
    const groups = groupPages(mixed);
    expect(groups.map((g) => [g.title, g.ids.length])).toEqual([
      ['Docs', 4],
      ['Docs, layout 2', 3],
    ]);
    const second = groups[1]!;
    expect(matchingGroupKey(second, ['/docs/', second.key])).toBe(second.key);
    expect(matchingGroupKey(second, ['/docs/'])).toBeNull();
    expect(matchingGroupKey(groups[0]!, ['/docs/'])).toBe('/docs/');
  });

  it('reads the pattern from the first path segment', () => {
    expect(urlPattern(`${site}/`)).toBe('/');
    expect(urlPattern(`${site}/pricing?x=1`)).toBe('/');
    expect(urlPattern(`${site}/blog/2024/a`)).toBe('/blog/');
  });
});

describe('groupPages on a larger site', () => {
  // `npm run bench -- scale` groups 50,000 such pages and times it.
  it('groups 2,000 pages of 300 templates, each page in one group, by pattern and template', () => {
    const pages = Array.from({ length: 2_000 }, (_, i) => ({
      id: String(i),
      url: `https://example.com/s${i % 40}/page-${i}`,
      // 300 layouts far apart from each other.
      layoutHash: simhashOf([`layout-${i % 300}-a`, `layout-${i % 300}-b`, `layout-${i % 300}-c`]),
    }));
    const groups = groupPages(pages);
    const ids = groups.flatMap((group) => group.ids);
    expect(ids).toHaveLength(2_000);
    expect(new Set(ids).size).toBe(2_000);
    // 40 patterns, each holding 15 of the templates (i % 40 and i % 300 agree modulo 20): under the
    // 20 a pattern may tell apart, so every template is a group of its own, of one pattern only.
    expect(groups).toHaveLength(40 * 15);
    for (const group of groups)
      expect(new Set(group.ids.map((id) => Number(id) % 40)).size, group.key).toBe(1);
  });
});
