import { TRUST_WEIGHTS } from '@sitelens/contracts';
import { readingEase as engineReadingEase } from '@sitelens/engine';
import { describe, expect, it } from 'vitest';
import {
  computedContentTrust,
  computedTrustMetrics,
  pageText,
  profileFromPages,
  readingEase,
  type SitePage,
  trustSignals,
} from './page-signals';

const page = (url: string, html: string): SitePage => ({ url, finalUrl: url, status: 200, html });
const repeat = (text: string, times: number) => Array.from({ length: times }, () => text).join(' ');

const BREWING =
  'Grind the beans just before you brew, weigh the coffee and the water, and keep the water just off the boil so the coffee tastes sweet rather than bitter.';

// A well-built coffee roaster's site: every trust signal is there.
const HOMEPAGE = `<!doctype html><html lang="en-US"><head>
<title>Acme Coffee Roasters | Fresh specialty coffee beans</title>
<meta name="description" content="Small-batch specialty coffee roasted to order in Portland.">
<meta property="og:site_name" content="Acme Coffee Roasters">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
  {"@type":"CafeOrCoffeeShop","name":"Acme Coffee Roasters",
   "description":"Small-batch specialty coffee roasted to order in Portland.",
   "knowsAbout":["coffee roasting","espresso"],"areaServed":{"@type":"City","name":"Portland"},
   "audience":{"@type":"Audience","audienceType":"Home baristas and cafés"},
   "telephone":"+1 503 555 0100","address":{"@type":"PostalAddress","streetAddress":"1 Main St"}},
  {"@type":"WebSite","name":"Acme Coffee","url":"https://acme-coffee.com/"}]}</script>
<style>.hero { color: stylecolor; }</style>
</head><body>
<header><nav><a href="/about-us">About us</a> <a href="/contact">Contact</a> <a href="/blog/brewing-guide">Blog</a> secretnav</nav></header>
<main>
  <h1>Fresh specialty coffee beans, roasted to order</h1>
  <p>We roast specialty coffee beans in small batches every morning.</p><p>Each coffee is roasted to order.</p>
  <h2>Our coffee roasting</h2><p>${repeat(BREWING, 6)}</p>
  <h2>Espresso and filter coffee beans</h2><p>Choose beans for espresso or filter coffee.</p>
  <script>var tracking = "scriptword";</script>
  <aside>sidebarword</aside>
</main>
<footer><a href="/privacy-policy">Privacy policy</a> <a href="mailto:hello@acme-coffee.com">Email us</a>
<a href="https://instagram.com/acme">Instagram</a></footer>
</body></html>`;

const POST = `<!doctype html><html lang="en"><head>
<title>How to brew coffee beans at home | Acme Coffee Roasters</title>
<meta name="author" content="Jane Doe">
<meta property="article:published_time" content="2024-05-01T08:00:00Z">
</head><body><nav><a href="/">Home</a></nav>
<article><header><h1>How to brew specialty coffee at home</h1><p class="byline">By Jane Doe</p>
<time datetime="2024-05-01">May 1, 2024</time></header>
<h2>Coffee roasting and freshness</h2><p>${repeat(BREWING, 25)}</p>
<h2>Espresso ratios</h2><p>The <a href="https://sca.coffee/research/brew-ratios">SCA's research</a> and
<a href="https://en.wikipedia.org/wiki/Coffee_roasting">Wikipedia on coffee roasting</a> explain why.
Share on <a href="https://twitter.com/intent/tweet">Twitter</a>.</p></article>
<footer><a href="/privacy-policy">Privacy</a></footer></body></html>`;

const ABOUT = `<!doctype html><html lang="en"><head><title>About Acme Coffee Roasters</title></head><body>
<main><h1>About our coffee roasting</h1><h2>Specialty coffee beans since 2009</h2><p>${repeat(BREWING, 24)}</p></main>
</body></html>`;

const CONTACT = `<!doctype html><html lang="en"><head><title>Contact Acme Coffee</title></head><body>
<main><h1>Contact our coffee roasting team</h1><h2>Questions about coffee beans or espresso</h2>
<p>Call <a href="tel:+15035550100">+1 503 555 0100</a>. ${repeat(BREWING, 24)}</p></main></body></html>`;

const WELL_BUILT: SitePage[] = [
  page('https://acme-coffee.com/', HOMEPAGE),
  page('https://acme-coffee.com/blog/brewing-guide', POST),
  page('https://acme-coffee.com/about-us', ABOUT),
  page('https://acme-coffee.com/contact', CONTACT),
];
const KEYWORDS = ['coffee beans', 'espresso', 'coffee roasting'];

// A thin site: http, one short page, nothing about who runs it.
const THIN: SitePage[] = [
  page(
    'http://thin-shop.com/',
    '<html><head><title>Welcome</title></head><body><p>We sell things. Have a look around.</p></body></html>',
  ),
];

const SIMPLE = repeat(
  'The cat sat on the mat. It was a warm day. The dog ran to the cat. They had fun in the sun.',
  6,
);
const COMPLEX = repeat(
  'The administration of the organisational restructuring programme has, in consequence of the considerable institutional complexity of the responsibilities that were inherited from the predecessor authorities, necessitated an extraordinarily comprehensive reconsideration of the methodological assumptions underlying the evaluation of its effectiveness.',
  4,
);

describe('pageText', () => {
  it('reads the main text without navigation, scripts, styles and sidebars', () => {
    const text = pageText(HOMEPAGE, 'https://acme-coffee.com/');
    expect(text.title).toBe('Acme Coffee Roasters | Fresh specialty coffee beans');
    expect(text.description).toBe('Small-batch specialty coffee roasted to order in Portland.');
    expect(text.headings).toEqual([
      'Fresh specialty coffee beans, roasted to order',
      'Our coffee roasting',
      'Espresso and filter coffee beans',
    ]);
    expect(text.text).toMatch(/^Fresh specialty coffee beans, roasted to order We roast specialty/);
    expect(text.text).toContain('small batches every morning. Each coffee');
    for (const excluded of ['secretnav', 'scriptword', 'stylecolor', 'sidebarword', 'Privacy policy'])
      expect(text.text).not.toContain(excluded);
    expect(text.text).not.toMatch(/\s{2}/);
    expect(text.language).toBe('en');
    expect(text.words).toBeGreaterThan(200);
  });

  it('caps the text at maxChars but counts every word', () => {
    const capped = pageText(POST, 'https://acme-coffee.com/blog/brewing-guide', { maxChars: 200 });
    expect(capped.text.length).toBeLessThanOrEqual(200);
    expect(capped.words).toBeGreaterThan(600);
    expect(pageText(POST, 'https://acme-coffee.com/blog/brewing-guide').text.length).toBeLessThanOrEqual(
      6000,
    );
  });

  it('drops page furniture when the page marks no main region, and recognises undeclared English', () => {
    const html = `<body><header>Logo menu</header><nav>Links</nav><p>${SIMPLE}</p><footer>Copyright</footer></body>`;
    const text = pageText(html, 'https://a.com/');
    expect(text.text).toBe(SIMPLE);
    expect(text.language).toBe('en');
    expect(pageText('<html lang="fr-CA"><body><p>Bonjour</p></body></html>', 'https://a.com/').language).toBe(
      'fr',
    );
  });
});

describe('readingEase', () => {
  it('scores simple text as easy and dense academic text as hard', () => {
    const simple = readingEase(SIMPLE)!;
    const complex = readingEase(COMPLEX)!;
    expect(simple).toBeGreaterThanOrEqual(90);
    expect(complex).toBeLessThanOrEqual(10);
    expect(complex).toBeGreaterThanOrEqual(0);
  });

  it('is null under 100 words, and scores other languages with their adaptation, as the readability check does', () => {
    expect(readingEase('The cat sat on the mat.')).toBeNull();
    const german = repeat('Der Hund läuft schnell über die Wiese und bellt laut, weil er sich freut.', 10);
    expect(readingEase(german)).toBe(engineReadingEase([german], 'de')!.score);
    expect(readingEase(german)).not.toBe(engineReadingEase([german], 'en')!.score);
  });
});

describe('profileFromPages', () => {
  it('takes the profile the site states in its schema.org data', () => {
    expect(profileFromPages(WELL_BUILT, 'acme-coffee.com')).toEqual({
      domain_description:
        'Acme Coffee Roasters: Small-batch specialty coffee roasted to order in Portland. Area served: Portland.',
      target_audience: 'Home baristas and cafés',
      industry_niche: {
        name: 'Cafe or coffee shop',
        description:
          'The site describes itself as a schema.org CafeOrCoffeeShop; topics it names: coffee roasting, espresso.',
      },
    });
  });

  it('takes the niche from knowsAbout or the keywords meta, and says when the audience is not stated', () => {
    const html = `<head><meta name="description" content="Guides to indoor plants."><meta name="keywords" content="houseplants, plant care">
      <meta property="og:site_name" content="Leafy"></head><body><p>Plants.</p></body>`;
    expect(profileFromPages([page('https://leafy.io/', html)], 'leafy.io')).toEqual({
      domain_description: 'Leafy: Guides to indoor plants.',
      target_audience: 'Not stated on the site',
      industry_niche: {
        name: 'Houseplants',
        description: "From the homepage's keywords: houseplants, plant care.",
      },
    });
  });

  it('is null when the site states nothing usable', () => {
    expect(profileFromPages(THIN, 'thin-shop.com')).toBeNull();
    const descriptionOnly = '<head><meta name="description" content="We sell things."></head><body></body>';
    expect(profileFromPages([page('https://thin-shop.com/', descriptionOnly)], 'thin-shop.com')).toBeNull();
    expect(profileFromPages([], 'thin-shop.com')).toBeNull();
  });
});

describe('trustSignals', () => {
  it('finds every signal on a well-built site, with what was found', () => {
    const signals = trustSignals(WELL_BUILT, 'acme-coffee.com');
    const byKey = Object.fromEntries(signals.map((s) => [s.key, s]));
    expect(signals.map((s) => s.key)).toEqual([
      'https',
      'about_page',
      'contact_page',
      'privacy_page',
      'author_bylines',
      'dates',
      'outbound_citations',
      'organization_schema',
      'contact_details',
    ]);
    expect(signals.every((s) => s.found)).toBe(true);
    expect(byKey.https!.label).toBe('Served over HTTPS');
    expect(byKey.about_page!.detail).toBe('https://acme-coffee.com/about-us');
    expect(byKey.contact_page!.detail).toBe('https://acme-coffee.com/contact');
    expect(byKey.privacy_page!.detail).toBe('https://acme-coffee.com/privacy-policy');
    expect(byKey.author_bylines!.detail).toBe(
      'On 1 of 4 pages, e.g. Jane Doe (https://acme-coffee.com/blog/brewing-guide)',
    );
    expect(byKey.dates!.detail).toContain('2024-05-01');
    // Twitter and Instagram are social networks, not citations; the footer is not main text.
    expect(byKey.outbound_citations!.detail).toBe('2 links to 2 other sites');
    expect(byKey.organization_schema!.detail).toBe('Acme Coffee Roasters (CafeOrCoffeeShop)');
    expect(byKey.contact_details!.detail).toBe(
      'Email hello@acme-coffee.com, phone +1 503 555 0100, postal address',
    );
  });

  it('finds bylines written next to the h1, and rel=author', () => {
    const byline = (html: string) =>
      trustSignals([page('https://b.com/post', html)], 'b.com').find((s) => s.key === 'author_bylines')!;
    expect(byline('<main><h1>Title</h1><p>By Ada Lovelace, March 2024</p></main>').detail).toContain(
      'Ada Lovelace',
    );
    expect(byline('<a rel="author" href="/team/ada">Ada</a>').found).toBe(true);
    expect(byline('<main><h1>Title</h1><p>Bought by many.</p></main>').found).toBe(false);
  });

  it('misses them on a thin site, and says so', () => {
    const signals = trustSignals(THIN, 'thin-shop.com');
    expect(signals.filter((s) => s.found)).toEqual([]);
    expect(signals.find((s) => s.key === 'https')!.detail).toBe(
      'The homepage is served over http: http://thin-shop.com/',
    );
    expect(signals.find((s) => s.key === 'about_page')!.detail).toBe(
      'No link to an about page on the 1 page read',
    );
  });
});

describe('computed trust', () => {
  it('gives a well-built site a high score and a thin one a low score', () => {
    const good = computedContentTrust(WELL_BUILT, 'acme-coffee.com', KEYWORDS);
    expect(good.trust_metrics.topical_relevance.value).toBe(100);
    expect(good.trust_metrics.subject_expertise.value).toBe(100);
    expect(good.trust_metrics.credibility.value).toBe(100);
    expect(good.trust_score).toBe(100);
    expect(good.summary).toBe('Measured on 4 pages: 9 of 9 trust signals found.');
    expect(good.improvements).toEqual([]);

    const thin = computedContentTrust(THIN, 'thin-shop.com', ['garden tools']);
    expect(thin.trust_score).toBeLessThan(20);
    expect(thin.trust_metrics.credibility.value).toBe(0);
    expect(thin.summary).toBe('Measured on 1 page: 0 of 9 trust signals found.');
    expect(thin.improvements).toHaveLength(9);
    expect(thin.improvements[0]).toBe('Serve every page over HTTPS and redirect http to it.');
  });

  it('weighs the metrics 50/25/25 into the trust score', () => {
    const pages = [WELL_BUILT[0]!, WELL_BUILT[3]!];
    const trust = computedContentTrust(pages, 'acme-coffee.com', ['coffee beans', 'decaf', 'tea']);
    const { topical_relevance: t, subject_expertise: s, credibility: c } = trust.trust_metrics;
    expect(TRUST_WEIGHTS).toEqual({ topical_relevance: 0.5, subject_expertise: 0.25, credibility: 0.25 });
    expect(trust.trust_score).toBe(Math.round(t.value * 0.5 + s.value * 0.25 + c.value * 0.25));
    expect(t.value).toBe(33);
    expect(t.description).toContain('1 of 3 in a title or heading, 0 only in body text');
  });

  it('scores topical relevance by keywords found in titles and headings, or only in text', () => {
    const signals = trustSignals(WELL_BUILT, 'acme-coffee.com');
    const metrics = (keywords: string[]) =>
      computedTrustMetrics(WELL_BUILT, signals, keywords).topical_relevance.value;
    expect(metrics(['coffee beans'])).toBe(100);
    expect(metrics(['boil'])).toBe(50); // in the text only
    expect(metrics(['matcha'])).toBe(0);
  });

  it('without keywords, measures how the key pages share the homepage main terms', () => {
    const signals = trustSignals(WELL_BUILT, 'acme-coffee.com');
    const focused = computedTrustMetrics(WELL_BUILT, signals, []).topical_relevance;
    expect(focused.value).toBeGreaterThanOrEqual(80);
    expect(focused.description).toContain("homepage's main terms (coffee");
    const offTopic = [
      WELL_BUILT[0]!,
      page(
        'https://acme-coffee.com/jobs',
        '<main><h1>Careers in logistics</h1><h2>Warehouse shifts</h2></main>',
      ),
    ];
    expect(computedTrustMetrics(offTopic, signals, []).topical_relevance.value).toBe(0);
    // Deterministic.
    expect(computedTrustMetrics(WELL_BUILT, signals, [])).toEqual(
      computedTrustMetrics(WELL_BUILT, signals, []),
    );
  });

  it('scores subject expertise from bylines, dates, depth and citations, and says so', () => {
    const expertise = computedTrustMetrics(THIN, trustSignals(THIN, 'thin-shop.com'), []).subject_expertise;
    expect(expertise.value).toBe(0);
    expect(expertise.description).toBe(
      'From author bylines (missing), publication dates (missing), depth (7 words per key page on average; 600 earn full marks) and citations of other sites (missing).',
    );
  });
});
