import robotsParser from 'robots-parser';
import type { TextFileArtifact } from '../artifacts';

/** Google reads the first 500 KiB of a robots.txt and ignores the rest (RFC 9309 allows this cap). */
export const ROBOTS_MAX_BYTES = 500 * 1024;

const KNOWN_FIELDS = new Set([
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'crawl-delay',
  'host',
  'clean-param',
  'content-signal',
  'request-rate',
  'visit-time',
]);

export interface RobotsLineError {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedRobots {
  /** Answers for a URL and a crawler; a missing or unreadable file allows everything. */
  isAllowed(url: string, agent: string): boolean;
  /** The 1-based line of the rule that decides, or -1 when none does. */
  matchingLine(url: string, agent: string): number;
  lineText(line: number): string;
  /** Seconds between requests the file asks of this crawler, when it asks. */
  crawlDelay(agent: string): number | undefined;
  sitemaps: string[];
  errors: RobotsLineError[];
  /** `User-agent` values as written, lower-cased, in order. */
  agents: string[];
  /** `Content-Signal` lines (the AI-use preferences some sites publish). */
  contentSignals: string[];
  /** Every Allow and Disallow line with the agents of its group (lower-cased). */
  rules: RobotsRule[];
}

export interface RobotsRule {
  agents: string[];
  field: 'allow' | 'disallow';
  value: string;
  line: number;
}

/**
 * Reads a robots.txt once for every check that needs it. Never throws; only the first 500 KiB
 * count (SECURITY.md F1). 4xx means "no rules": everything is allowed.
 */
export function parseRobotsTxt(file: TextFileArtifact): ParsedRobots {
  const usable = file.status !== null && file.status >= 200 && file.status < 300;
  const text = usable ? file.body.slice(0, ROBOTS_MAX_BYTES) : '';
  const lines = text.split(/\r\n|\r|\n/);
  const errors: RobotsLineError[] = [];
  const agents: string[] = [];
  const contentSignals: string[] = [];
  const rules: RobotsRule[] = [];
  let seenAgent = false;
  // A group is a run of User-agent lines and the rules after them.
  let group: string[] = [];
  let inRules = false;
  lines.forEach((raw, index) => {
    const content = raw.replace(/#.*$/, '').trim();
    if (!content) return;
    const colon = content.indexOf(':');
    if (colon <= 0) {
      errors.push({ line: index + 1, text: raw.trim(), reason: 'not a "field: value" line' });
      return;
    }
    const field = content.slice(0, colon).trim().toLowerCase();
    const value = content.slice(colon + 1).trim();
    if (!KNOWN_FIELDS.has(field)) {
      errors.push({ line: index + 1, text: raw.trim(), reason: `unknown directive "${field}"` });
      return;
    }
    if (field === 'user-agent') {
      if (inRules) group = [];
      inRules = false;
      seenAgent = true;
      group.push(value.toLowerCase());
      agents.push(value.toLowerCase());
    } else if (field === 'content-signal') contentSignals.push(value);
    else if (field === 'allow' || field === 'disallow') {
      inRules = true;
      if (!seenAgent)
        errors.push({ line: index + 1, text: raw.trim(), reason: 'a rule before any User-agent line' });
      else rules.push({ agents: [...group], field, value, line: index + 1 });
    }
  });
  let robot: ReturnType<typeof robotsParser> | null = null;
  try {
    robot = robotsParser(file.finalUrl || file.url, text);
  } catch {
    robot = null;
  }
  return {
    isAllowed: (url, agent) => robot?.isAllowed(url, agent) ?? true,
    matchingLine: (url, agent) => robot?.getMatchingLineNumber(url, agent) ?? -1,
    lineText: (line) => (line > 0 ? (lines[line - 1] ?? '').trim() : ''),
    crawlDelay: (agent) => robot?.getCrawlDelay(agent),
    sitemaps: robot?.getSitemaps() ?? [],
    errors,
    agents,
    contentSignals,
    rules,
  };
}
