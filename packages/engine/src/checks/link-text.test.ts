import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { linkText, thresholds } from './link-text';

const run = (body: string, lang?: string) =>
  linkText.evaluate(
    {
      document: parseDocument(
        `<html${lang === undefined ? '' : ` lang="${lang}"`}><body>${body}</body></html>`,
        'https://example.com/blog/',
      ),
    },
    { format },
  );

describe('link-text', () => {
  it('passes descriptive links, image links with alt and labelled icon links', () => {
    const result = run(
      '<a href="/pricing">Pricing for teams</a><a href="/"><img src="logo.png" alt="Woodline home"></a><a href="/cart" aria-label="Shopping cart"><svg></svg></a>',
    );
    expect(result.status).toBe('passed');
    expect(result.message).toBe('All 3 followed links have descriptive text.');
    expect(result.data).toEqual({ non_descriptive_links: [] });
  });

  it('skips nofollow links, same-page fragments and non-http links', () => {
    const result = run(
      '<a href="/x" rel="nofollow">click here</a><a href="#comments">here</a><a href="mailto:a@b.example">here</a>',
    );
    // Nothing left to judge: not applicable, not a pass.
    expect(result.status).toBe('skipped');
    expect(result.message).toBe('The page has no followed links to check.');
  });

  it('warns about generic text in several languages, with punctuation around it', () => {
    const result = run(
      '<a href="/a">Read more »</a><a href="/b">Click <b>here</b></a><a href="/c" lang="de">Weiterlesen</a><p lang="fr"><a href="/d">En savoir plus…</a></p><a href="/e" lang="ja">続きを読む</a>',
      'en',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'Links with generic text such as "Read more »": 5; anchor text should say where the link goes.',
    );
    expect(result.data).toMatchObject({
      non_descriptive_links: [
        { href: 'https://example.com/a', text: 'Read more »' },
        { href: 'https://example.com/b', text: 'Click here' },
        { href: 'https://example.com/c', text: 'Weiterlesen' },
        { href: 'https://example.com/d', text: 'En savoir plus…' },
        { href: 'https://example.com/e', text: '続きを読む' },
      ],
    });
  });

  it('takes a generic word as a term in a book index or in code, and as generic text anywhere else', () => {
    // PostgreSQL's book index (DocBook) and a Sphinx index link the CONTINUE statement by its name.
    const result = run(
      '<div class="index"><dl><dt>CONTINUE</dt><dd><dl><dt>in PL/pgSQL, <a class="indexterm" href="/plpgsql.html#continue">CONTINUE</a></dt></dl></dd></dl></div>' +
        '<table class="indextable genindextable"><tr><td><a href="/ref.html#more">more</a></td></tr></table>' +
        '<p>Use <a href="/loops.html#continue"><code>continue</code></a> to skip an item.</p>' +
        '<p><a href="/news/1">Continue</a></p>',
    );
    expect(result.data).toEqual({
      non_descriptive_links: [{ href: 'https://example.com/news/1', text: 'Continue' }],
    });
  });

  it('warns about empty anchors such as an image link without alt', () => {
    const result = run('<a href="/shop"><img src="shop.png"></a><a href="/about">About us</a>');
    expect(result.status).toBe('warning');
    expect(result.message).toBe('Links with no text: 1; anchor text should say where the link goes.');
    expect(result.data).toEqual({ non_descriptive_links: [{ href: 'https://example.com/shop', text: '' }] });
  });

  it('names both kinds of problem together', () => {
    expect(run('<a href="/a">here</a><a href="/b"></a>').message).toBe(
      'Links with generic text such as "here": 1, links with no text: 1; anchor text should say where the link goes.',
    );
  });

  it('judges the visible text and reads an image’s alt only when the link has no text', () => {
    const result = run(
      '<a href="/x"><img src="pointer.png" alt="click"> click here</a><a href="/shop"><img src="shop.png" alt="Oak furniture shop"></a>',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'Links with generic text such as "click here": 1; anchor text should say where the link goes.',
    );
    expect(result.data).toEqual({
      non_descriptive_links: [{ href: 'https://example.com/x', text: 'click here' }],
    });
  });

  it('reads an image link whose only alt is generic as generic', () => {
    const result = run('<a href="/more"><img src="arrow.png" alt="Read more"></a>');
    expect(result.status).toBe('warning');
    expect(result.data).toEqual({
      non_descriptive_links: [{ href: 'https://example.com/more', text: 'Read more' }],
    });
  });

  it('chooses the phrases by the link’s own language, else the page’s, with English always included', () => {
    const result = run(
      '<a href="/archives/yesterday">Hier</a><a href="/a">Lire la suite</a><a href="/b" lang="de-AT">Hier</a><p lang="de"><a href="/c">Mehr erfahren</a></p><a href="/d">Read more</a>',
      'fr',
    );
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'Links with generic text such as "Lire la suite": 4; anchor text should say where the link goes.',
    );
    expect(result.data).toEqual({
      non_descriptive_links: [
        { href: 'https://example.com/a', text: 'Lire la suite' },
        { href: 'https://example.com/b', text: 'Hier' },
        { href: 'https://example.com/c', text: 'Mehr erfahren' },
        { href: 'https://example.com/d', text: 'Read more' },
      ],
    });
  });

  it('detects the page language when <html lang> is missing', () => {
    const text =
      '<p>Wir bauen die Tische und die Stühle von Hand in unserer Werkstatt, und das seit vielen Jahren.</p>';
    expect(run(`${text}<a href="/werkstatt">Hier</a>`).status).toBe('warning');
    expect(run(`${text}<a href="/werkstatt">Ici</a>`).status).toBe('passed');
  });

  const phrases: Record<string, string[]> = {
    en: ['click here', 'here', 'read more', 'more', 'learn more', 'this link', 'link'],
    de: ['hier klicken', 'hier', 'mehr', 'weiterlesen', 'mehr erfahren'],
    fr: ['cliquez ici', 'ici', 'en savoir plus', 'lire la suite', 'plus'],
    es: ['haga clic aquí', 'haz clic aquí', 'aquí', 'leer más', 'más información'],
    it: ['clicca qui', 'qui', 'leggi di più', 'scopri di più'],
    pt: ['clique aqui', 'aqui', 'saiba mais', 'leia mais'],
    nl: ['klik hier', 'hier', 'lees meer', 'meer info'],
    pl: ['kliknij tutaj', 'tutaj', 'tu', 'więcej', 'czytaj więcej'],
  };
  it.each(Object.entries(phrases))(
    'knows the generic phrases of %s, in any case and with trailing punctuation',
    (lang, list) => {
      for (const phrase of list) {
        const upper = `  ${phrase.toUpperCase()}…!  `;
        const result = run(`<a href="/x">${upper}</a>`, lang);
        expect(result.status, `${lang}: ${phrase}`).toBe('warning');
        expect(result.data, `${lang}: ${phrase}`).toEqual({
          non_descriptive_links: [{ href: 'https://example.com/x', text: `${phrase.toUpperCase()}…!` }],
        });
      }
    },
  );

  it('says how many it lists when there are more links than the table holds', () => {
    const saved = thresholds.maxListed;
    thresholds.maxListed = 2;
    try {
      const result = run('<a href="/a">here</a><a href="/b">more</a><a href="/c"></a>');
      expect(result.message).toBe(
        'Links with generic text such as "here": 2, links with no text: 1; anchor text should say where the link goes. The first 2 are listed.',
      );
      expect(result.data).toEqual({
        non_descriptive_links: [
          { href: 'https://example.com/a', text: 'here' },
          { href: 'https://example.com/b', text: 'more' },
        ],
      });
    } finally {
      thresholds.maxListed = saved;
    }
  });
});
