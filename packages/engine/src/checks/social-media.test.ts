import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { socialMedia } from './social-media';

const run = (html: string) =>
  socialMedia.evaluate(
    { document: parseDocument(`<html>${html}</html>`, 'https://example.com/') },
    { format },
  );
const links = (...hrefs: string[]) =>
  `<body>${hrefs.map((href) => `<a href="${href}">x</a>`).join('')}</body>`;
const names = (html: string) =>
  (run(html).data!.social_media_networks as { name: string }[]).map((network) => network.name);

describe('social-media', () => {
  it('finds profile links in the page, one per network', () => {
    expect(
      run(
        links(
          'https://www.instagram.com/woodline',
          'https://x.com/woodline',
          'https://twitter.com/woodline_de',
        ),
      ),
    ).toEqual({
      status: 'passed',
      message: 'The site links to its profiles on Instagram, X (Twitter).',
      data: {
        social_media_networks: [
          { name: 'Instagram', url: 'https://www.instagram.com/woodline' },
          { name: 'X (Twitter)', url: 'https://x.com/woodline' },
        ],
      },
    });
  });

  it('recognises the profile addresses of each network', () => {
    expect(
      names(
        links(
          'https://www.facebook.com/woodline',
          'https://de.linkedin.com/company/woodline',
          'https://www.linkedin.com/in/anna-wood',
          'https://www.youtube.com/@woodline',
          'https://www.tiktok.com/@woodline',
          'https://www.pinterest.de/woodline/',
          'https://github.com/woodline',
          'https://www.threads.net/@woodline',
          'https://bsky.app/profile/woodline.com',
          'https://mastodon.social/@woodline',
        ),
      ),
    ).toEqual([
      'Facebook',
      'LinkedIn',
      'YouTube',
      'TikTok',
      'Pinterest',
      'GitHub',
      'Threads',
      'Bluesky',
      'Mastodon',
    ]);
  });

  it('counts a personal LinkedIn profile, but not other LinkedIn pages', () => {
    expect(names(links('https://www.linkedin.com/in/anna-wood'))).toEqual(['LinkedIn']);
    expect(names(links('https://www.linkedin.com/feed/', 'https://www.linkedin.com/company/'))).toEqual([]);
  });

  it('finds profiles in Organization sameAs, also inside @graph', () => {
    const result = run(
      '<head><script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","sameAs":"https://www.facebook.com/notours"},{"@type":["Organization"],"sameAs":["https://en.wikipedia.org/wiki/Woodline","https://www.linkedin.com/company/woodline"]}]}</script></head>',
    );
    expect(result.status).toBe('passed');
    expect(result.data?.social_media_networks).toEqual([
      { name: 'LinkedIn', url: 'https://www.linkedin.com/company/woodline' },
    ]);
  });

  it('ignores share buttons, posts and network home pages, and warns when no profile is found', () => {
    const result = run(
      links(
        'https://www.facebook.com/sharer/sharer.php?u=x',
        'https://twitter.com/intent/tweet?text=x',
        'https://x.com/woodline/status/123',
        'https://www.linkedin.com/shareArticle?url=x',
        'https://www.linkedin.com/sharing/share-offsite/?url=x',
        'https://pinterest.com/pin/create/button/?url=x',
        'https://www.instagram.com/p/Cx1/',
        'https://www.youtube.com/watch?v=abc',
        'https://www.facebook.com/',
        'https://bsky.app/profile/woodline.com/post/3k',
      ),
    );
    expect(result).toEqual({
      status: 'warning',
      message: 'The page links to no social profile, and its Organization data lists none (sameAs).',
      data: { social_media_networks: [] },
    });
  });

  it('does not crash on broken JSON-LD', () => {
    expect(run('<head><script type="application/ld+json">{"sameAs": [</script></head>').status).toBe(
      'warning',
    );
  });
});
