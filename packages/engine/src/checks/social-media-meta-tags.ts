import { headLinks } from '../html/head-elements';
import { withoutHash } from '../html/url';
import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: the tags a complete share card needs. */
export const thresholds = {
  openGraph: ['og:title', 'og:description', 'og:image', 'og:url', 'og:type'],
  twitter: ['twitter:card'],
  /** Below this the networks show a small thumbnail or nothing; 1200×630 is what they ask for. */
  minImage: { width: 600, height: 315 },
};

const messages = {
  none: 'The page has no Open Graph or Twitter card tags: shared links show whatever each network guesses, often without a picture.',
  ok: 'Open Graph and Twitter card tags are complete, and the og:image loads.',
  problems: '{first}{rest}.',
  missing: 'missing: {tags}',
  brokenImage: 'the og:image {url} does not load ({status})',
  notAnImage: 'the og:image {url} is not an image ({type})',
  noAnswer: 'no answer',
  smallImage:
    'the og:image is only {width}×{height} px, so networks show a small thumbnail or none (use 1200×630 px or larger)',
  relativeImage: 'the og:image “{url}” is not an absolute URL, so networks cannot fetch it',
  urlMismatch: 'the og:url {ogUrl} differs from the canonical URL {canonical}',
};

/** Resolves and normalises a URL for comparison; null when it is not a URL at all. */
function normalise(url: string, base: string): string | null {
  try {
    return withoutHash(new URL(url.trim(), base).href);
  } catch {
    return null;
  }
}

export const socialMediaMetaTags = defineCheck({
  key: 'social-media-meta-tags',
  title: 'Open Graph & Twitter cards',
  category: 'common-seo',
  relevance: 6,
  scope: 'page',
  requires: ['document', 'resources', 'images'],
  description:
    'Open Graph tags (<code>og:title</code>, <code>og:description</code>, <code>og:image</code>, <code>og:url</code>, <code>og:type</code>) and the <code>twitter:card</code> tag decide how a link to the page looks when it is shared on Facebook, LinkedIn, X, WhatsApp, Slack and elsewhere. The image is fetched to check that it loads and is large enough.',
  recommendation: 'Add the five Open Graph tags and twitter:card, with an image of at least 1200×630 px.',
  howToFix:
    'Add to the <code>&lt;head&gt;</code>: <code>&lt;meta property="og:title" content="…"&gt;</code>, <code>og:description</code>, <code>og:image</code> (an absolute URL of a JPEG or PNG of at least 1200×630 px), <code>og:url</code> (the same address as the canonical URL), <code>og:type</code> (<code>website</code> or <code>article</code>), and <code>&lt;meta name="twitter:card" content="summary_large_image"&gt;</code>. SEO plugins fill them in from the page’s title, description and featured image; check the result with the networks’ own share debuggers.',
  evaluate({ document: { $, baseUrl }, resources, images }, { format }) {
    const openGraph: Record<string, string> = {};
    const twitterCard: Record<string, string> = {};
    $('meta[property], meta[name]').each((_, el) => {
      const content = ($(el).attr('content') ?? '').trim();
      // Sites write both `property="twitter:…"` and `name="og:…"`; read either attribute.
      for (const attribute of ['property', 'name']) {
        const key = ($(el).attr(attribute) ?? '').trim().toLowerCase();
        if (key.startsWith('og:') && !(key in openGraph)) openGraph[key] = content;
        if (key.startsWith('twitter:') && !(key in twitterCard)) twitterCard[key] = content;
      }
    });
    const data = { open_graph: openGraph, twitter_card: twitterCard };
    if (Object.keys(openGraph).length === 0 && Object.keys(twitterCard).length === 0)
      return failed(messages.none, data);

    const problems: string[] = [];
    const missing = [
      ...thresholds.openGraph.filter((tag) => !openGraph[tag]),
      ...thresholds.twitter.filter((tag) => !twitterCard[tag]),
    ];
    if (missing.length > 0) problems.push(format(messages.missing, { tags: missing.join(', ') }));

    const image = openGraph['og:image'];
    if (image && !/^https?:\/\//i.test(image)) problems.push(format(messages.relativeImage, { url: image }));
    else if (image) {
      const fetched = resources.find((r) => r.initiator === 'og:image');
      if (fetched && (fetched.status === null || fetched.status >= 400))
        problems.push(
          format(messages.brokenImage, { url: image, status: fetched.status ?? messages.noAnswer }),
        );
      else if (fetched?.contentType && !/^image\//i.test(fetched.contentType))
        problems.push(format(messages.notAnImage, { url: image, type: fetched.contentType }));
      else if (fetched) {
        const { width, height } = images.images.find((info) => info.url === fetched.url) ?? {};
        const { minImage } = thresholds;
        if (width && height && (width < minImage.width || height < minImage.height))
          problems.push(format(messages.smallImage, { width, height }));
      }
    }

    const ogUrl = openGraph['og:url'];
    const canonical = headLinks($, 'canonical').find((el) => el.attribs.href !== undefined)?.attribs.href;
    if (ogUrl && canonical) {
      const a = normalise(ogUrl, baseUrl);
      const b = normalise(canonical, baseUrl);
      if (a !== b) problems.push(format(messages.urlMismatch, { ogUrl, canonical }));
    }

    if (problems.length > 0) {
      const sentence = problems.join('; ');
      return warning(
        format(messages.problems, { first: sentence.charAt(0).toUpperCase(), rest: sentence.slice(1) }),
        data,
      );
    }
    return passed(messages.ok, data);
  },
});
