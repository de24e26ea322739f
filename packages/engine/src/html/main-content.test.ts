import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './keywords';
import { mainContentBlocks } from './main-content';

describe('main content', () => {
  it('reads <main> when the page marks it', () => {
    const $ = load(
      '<body><nav>Home About</nav><main><h1>Oak</h1><p>Tables by hand.</p></main><footer>©</footer></body>',
    );
    expect(mainContentBlocks($)).toEqual(['Oak', 'Tables by hand.']);
  });

  it('otherwise drops navigation, header, footer and sidebars', () => {
    const $ = load(
      '<body><header>Logo</header><div><p>Tables by hand.</p></div><aside>Ads</aside><footer>©</footer></body>',
    );
    expect(mainContentBlocks($)).toEqual(['Tables by hand.']);
  });

  it('drops navigation and sidebars inside <main>, keeps the article header', () => {
    const $ = load(
      '<body><main><nav>Back</nav><article><header><h1>Oak</h1></header><p>Tables by hand.</p></article><aside>Ads</aside></main></body>',
    );
    expect(mainContentBlocks($)).toEqual(['Oak', 'Tables by hand.']);
  });

  it('takes the longest article when there is no <main>', () => {
    const $ = load(
      '<body><article><p>Short.</p></article><article><p>The longer article.</p></article></body>',
    );
    expect(mainContentBlocks($)).toEqual(['The longer article.']);
  });

  it('leaves out what the caller excludes, without changing the document', () => {
    const $ = load('<body><main><p>Run <code>npm ci</code> first.</p><pre>x = 1</pre></main></body>');
    expect(mainContentBlocks($, { exclude: $('pre, code').toArray() })).toEqual(['Run first.']);
    expect($('code').length).toBe(1);
  });
});

describe('language detection', () => {
  it('names the language whose function words cover the text', () => {
    expect(
      detectLanguage('Wir bauen die Tische und die Stühle von Hand in unserer Werkstatt mit dem besten Holz.')
        ?.lang,
    ).toBe('de');
    expect(
      detectLanguage('We build the tables and the chairs by hand in our workshop with the best wood.')?.lang,
    ).toBe('en');
  });
});
