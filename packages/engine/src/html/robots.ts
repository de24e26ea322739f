import type { CheerioAPI } from 'cheerio/slim';

/** One robots instruction as found on the page: a meta tag or an X-Robots-Tag header. */
export interface RobotsTag {
  /** `meta[name=robots]`, `meta[name=googlebot]`, `meta[name=bingbot]` or `X-Robots-Tag`. */
  source: string;
  value: string;
}

/** One directive, for one crawler (`*` = every crawler). */
export interface RobotsDirective {
  source: string;
  agent: string;
  /** Lower-cased, e.g. `noindex`, `max-snippet`. */
  name: string;
  value: string | null;
  tag: RobotsTag;
}

/** The crawlers whose rules the report judges; rules for other bots are ignored. */
export const JUDGED_AGENTS = new Set(['*', 'googlebot', 'bingbot']);
const META_NAMES = new Set(['robots', 'googlebot', 'bingbot']);
const VALUED = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);
const FLAGS = new Set([
  'all',
  'index',
  'follow',
  'noindex',
  'nofollow',
  'none',
  'noarchive',
  'nocache',
  'nosnippet',
  'notranslate',
  'noimageindex',
  'indexifembedded',
  'noodp',
  'noydir',
]);

/** Robots meta tags for the judged crawlers and the X-Robots-Tag header, in that order. */
export function readRobotsTags($: CheerioAPI, headers: Record<string, string>): RobotsTag[] {
  const tags: RobotsTag[] = [];
  $('meta[name]').each((_, el) => {
    const name = $(el).attr('name')!.trim().toLowerCase();
    if (META_NAMES.has(name))
      tags.push({ source: `meta[name=${name}]`, value: ($(el).attr('content') ?? '').trim() });
  });
  const header = headers['x-robots-tag']?.trim();
  if (header) tags.push({ source: 'X-Robots-Tag', value: header });
  return tags;
}

/**
 * Splits tags into directives. A header may scope what follows to one bot (`googlebot: noindex`),
 * and an `unavailable_after` date may itself contain a comma (`Friday, 25-Jun-10 15:00:00 GMT`).
 */
export function robotsDirectives(tags: RobotsTag[]): RobotsDirective[] {
  const directives: RobotsDirective[] = [];
  for (const tag of tags) {
    const metaName = /^meta\[name=(.+)\]$/.exec(tag.source)?.[1];
    let agent = !metaName || metaName === 'robots' ? '*' : metaName;
    let previous: RobotsDirective | null = null;
    for (const rawToken of tag.value.split(',')) {
      let token = rawToken.trim();
      if (!token) continue;
      const scoped = /^([a-z0-9_.-]+)\s*:\s*(.*)$/i.exec(token);
      if (scoped && tag.source === 'X-Robots-Tag' && !VALUED.has(scoped[1]!.toLowerCase())) {
        agent = scoped[1]!.toLowerCase();
        token = scoped[2]!.trim();
        if (!token) continue;
      }
      const match = /^([a-z_-]+)\s*(?::\s*(.*))?$/i.exec(token);
      const name = match?.[1]?.toLowerCase();
      if (!name || !(FLAGS.has(name) || VALUED.has(name))) {
        if (previous?.name === 'unavailable_after') previous.value = `${previous.value}, ${token}`;
        continue;
      }
      previous = { source: tag.source, agent, name, value: match?.[2]?.trim() ?? null, tag };
      directives.push(previous);
    }
  }
  return directives;
}
