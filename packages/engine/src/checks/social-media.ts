import type { CheerioAPI } from 'cheerio/slim';
import { jsonLdNodes, SCHEMA_FAMILIES, schemaName } from '../html/schema-org';
import { resolveHttpUrl } from '../html/url';
import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune: Mastodon servers whose `/@name` links count as profiles. */
export const thresholds = {
  mastodonHosts: [
    'mastodon.social',
    'mastodon.online',
    'mstdn.social',
    'fosstodon.org',
    'hachyderm.io',
    'infosec.exchange',
  ],
};

const messages = {
  ok: 'The site links to its profiles on {networks}.',
  none: 'The page links to no social profile, and its Organization data lists none (sameAs).',
};

interface Network {
  name: string;
  host: RegExp | ((host: string) => boolean);
  /** True when the path (its segments, lower-cased) is a profile, not a post, a search or a share button. */
  profile(segments: string[]): boolean;
}

const not = (...reserved: string[]) => {
  const set = new Set(reserved);
  return ([first]: string[]) => first !== undefined && !set.has(first);
};
const handle = ([first]: string[]) => first?.startsWith('@') === true && first.length > 1;

const NETWORKS: Network[] = [
  {
    name: 'Facebook',
    host: /^(www\.|m\.|web\.|[a-z]{2}-[a-z]{2}\.)?(facebook|fb)\.com$/,
    profile: not(
      'sharer',
      'sharer.php',
      'share',
      'share.php',
      'dialog',
      'plugins',
      'tr',
      'login',
      'login.php',
      'home.php',
      'story.php',
      'permalink.php',
      'photo.php',
      'photo',
      'watch',
      'events',
      'hashtag',
      'search',
      'policies',
      'privacy',
      'help',
    ),
  },
  {
    name: 'X (Twitter)',
    host: /^(www\.|mobile\.)?(twitter|x)\.com$/,
    profile: (segments) =>
      not(
        'intent',
        'share',
        'home',
        'search',
        'hashtag',
        'i',
        'explore',
        'login',
        'settings',
        'privacy',
        'tos',
      )(segments) && !segments.includes('status'),
  },
  {
    name: 'Instagram',
    host: /^(www\.)?instagram\.com$/,
    profile: not('p', 'reel', 'reels', 'tv', 'explore', 'stories', 'accounts', 'direct', 'legal'),
  },
  {
    name: 'LinkedIn',
    host: /^(www\.|[a-z]{2}\.)?linkedin\.com$/,
    profile: ([first, second]) => ['company', 'in', 'school', 'showcase'].includes(first ?? '') && !!second,
  },
  {
    name: 'YouTube',
    host: /^(www\.|m\.)?youtube\.com$/,
    profile: (segments) =>
      handle(segments) || (['channel', 'c', 'user'].includes(segments[0] ?? '') && !!segments[1]),
  },
  {
    name: 'TikTok',
    host: /^(www\.)?tiktok\.com$/,
    profile: (segments) => handle(segments) && !segments.includes('video'),
  },
  {
    name: 'Pinterest',
    host: /^(www\.|[a-z]{2}\.)?pinterest\.(com|[a-z]{2}|co\.uk|com\.[a-z]{2})$/,
    profile: not('pin', 'search', 'ideas', 'today', 'business', 'login'),
  },
  {
    name: 'GitHub',
    host: /^(www\.)?github\.com$/,
    profile: not(
      'login',
      'features',
      'pricing',
      'about',
      'topics',
      'search',
      'marketplace',
      'settings',
      'sponsors',
      'site',
    ),
  },
  {
    name: 'Threads',
    host: /^(www\.)?threads\.(net|com)$/,
    profile: (segments) => handle(segments) && !segments.includes('post'),
  },
  {
    name: 'Bluesky',
    host: /^bsky\.app$/,
    profile: ([first, second, third]) => first === 'profile' && !!second && !third,
  },
  {
    name: 'Mastodon',
    host: (host) => thresholds.mastodonHosts.includes(host),
    profile: (segments) => handle(segments) && segments.length === 1,
  },
];

/** The network whose official profile `url` is, or null for anything else (share links included). */
function networkOf(url: string): string | null {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.toLowerCase().split('/').filter(Boolean);
  return (
    NETWORKS.find(
      (network) =>
        (typeof network.host === 'function' ? network.host(host) : network.host.test(host)) &&
        network.profile(segments),
    )?.name ?? null
  );
}

const ORGANIZATION_TYPES = new Set([...SCHEMA_FAMILIES.organization, ...SCHEMA_FAMILIES.localBusiness]);

/** The `sameAs` URLs of Organization (and LocalBusiness) nodes in the page's JSON-LD, @graph included. */
function organizationSameAs($: CheerioAPI): string[] {
  return jsonLdNodes($).flatMap((record) => {
    const types = [record['@type']].flat().filter((type): type is string => typeof type === 'string');
    if (!types.some((type) => ORGANIZATION_TYPES.has(schemaName(type) ?? ''))) return [];
    return [record.sameAs].flat().filter((value): value is string => typeof value === 'string');
  });
}

export const socialMedia = defineCheck({
  key: 'social-media',
  title: 'Social profile links',
  category: 'common-seo',
  relevance: 2,
  scope: 'page',
  requires: ['document'],
  description:
    'Looks for links to the site’s own profiles on social networks, in the page or in its Organization structured data (<code>sameAs</code>). They let visitors follow you and help search engines tie the site to its profiles. Share buttons do not count: they link to a sharing form, not to you.',
  recommendation: 'Link to your official social profiles, and list them in your Organization data.',
  howToFix:
    'Add links to your profiles in the footer or header, e.g. <code>&lt;a href="https://www.linkedin.com/company/yourbrand"&gt;LinkedIn&lt;/a&gt;</code> (an icon is fine if it has an accessible name). In the Organization JSON-LD, list the same addresses: <code>"sameAs": ["https://www.instagram.com/yourbrand", "https://www.linkedin.com/company/yourbrand"]</code>.',
  evaluate({ document: { $, baseUrl } }, { format }) {
    const found = new Map<string, string>();
    const consider = (href: string | undefined) => {
      const url = resolveHttpUrl(href, baseUrl);
      const name = url ? networkOf(url) : null;
      if (url && name && !found.has(name)) found.set(name, url);
    };
    $('a[href]').each((_, el) => consider($(el).attr('href')));
    for (const url of organizationSameAs($)) consider(url);

    const networks = [...found].map(([name, url]) => ({ name, url }));
    const data = { social_media_networks: networks };
    if (networks.length === 0) return warning(messages.none, data);
    return passed(format(messages.ok, { networks: networks.map((n) => n.name).join(', ') }), data);
  },
});
