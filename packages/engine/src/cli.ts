import { parseArgs } from 'node:util';
import { checkMeta } from './catalog';
import { type CheckResult, isErrorPage } from './evaluate';
import { ALLOW_PRIVATE_VARIABLE, parseAllowPrivate } from './net/allow-private';
import { CONNECT_TO_VARIABLE, parseConnectTo } from './net/connect-to';
import { createGuardedFetcher } from './net/guarded-fetch';
import { type CheckupReport, PageUnreachableError, runCheckup, UnknownSectionError } from './run';

/**
 * Exit codes of `sitelens-check`. `errorPage`: the report is printed, but the page answered 4xx or
 * 5xx, so search engines do not index it and the checks that read its content were not judged.
 */
export const EXIT = { ok: 0, badArgument: 2, unreachable: 3, errorPage: 4 } as const;

const USAGE = `usage: sitelens-check <url> [--json] [--sections k1,k2] [--competitor <url>]... [--no-browser]
                      [--indexnow-key <key>]

  --json              print one JSON object instead of the readable report
  --sections k1,k2    run only these checks (keys of the catalogue)
  --competitor <url>  run the same checks on another site too (repeatable)
  --no-browser        skip Chromium: no web vitals, screenshots or rendering checks
  --indexnow-key <key>  the site's IndexNow key, so the indexnow check can verify its key file

environment: CHROMIUM_PATH (default /usr/bin/chromium), ${ALLOW_PRIVATE_VARIABLE} (host:port entries
that may be private, for local testing), ${CONNECT_TO_VARIABLE} (HOST:PORT:TARGET_HOST:TARGET_PORT
entries, as curl's --connect-to, for local testing), SITELENS_USER_AGENT

exit codes: 0 the checkup finished, 2 a bad argument, 3 the page could not be fetched,
4 the page answered with an HTTP error (4xx or 5xx): the report is printed, its content is not judged`;

interface Io {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
  env: Record<string, string | undefined>;
}

/** A URL as people type it: a bare host gets https://. Only http(s) is accepted. */
export function parseTargetUrl(input: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** `sitelens-check`: one checkup from the shell. Returns the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.badArgument;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length !== 1) {
    io.err.write(
      `${positionals.length === 0 ? 'Give the URL to check.' : 'Give exactly one URL.'}\n\n${USAGE}\n`,
    );
    return EXIT.badArgument;
  }
  const urls = [positionals[0]!, ...(values.competitor ?? [])].map((raw) => ({
    raw,
    url: parseTargetUrl(raw),
  }));
  const bad = urls.find(({ url }) => url === null);
  if (bad) {
    io.err.write(`"${bad.raw}" is not an http(s) URL.\n`);
    return EXIT.badArgument;
  }
  let fetcher: ReturnType<typeof createGuardedFetcher>;
  try {
    fetcher = createGuardedFetcher({
      allowPrivate: parseAllowPrivate(io.env[ALLOW_PRIVATE_VARIABLE] ?? ''),
      connectTo: parseConnectTo(io.env[CONNECT_TO_VARIABLE] ?? ''),
      ...(io.env.SITELENS_USER_AGENT ? { userAgent: io.env.SITELENS_USER_AGENT } : {}),
    });
  } catch (error) {
    io.err.write(`${(error as Error).message}\n`);
    return EXIT.badArgument;
  }
  const indexNowKey = values['indexnow-key'];
  if (indexNowKey !== undefined && !/^[A-Za-z0-9-]{8,128}$/.test(indexNowKey)) {
    io.err.write('An IndexNow key is 8 to 128 letters, digits or dashes.\n');
    return EXIT.badArgument;
  }
  const sections = values.sections
    ?.split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  try {
    const report = await runCheckup({
      url: urls[0]!.url!.href,
      competitors: urls.slice(1).map(({ url }) => url!.href),
      ...(sections ? { sections } : {}),
      fetcher,
      browser: !values['no-browser'],
      ...(indexNowKey ? { indexNowKey } : {}),
      ...(io.env.CHROMIUM_PATH ? { chromiumPath: io.env.CHROMIUM_PATH } : {}),
    });
    io.out.write(values.json ? `${JSON.stringify(toJson(report))}\n` : readable(report));
    return isErrorPage(report) ? EXIT.errorPage : EXIT.ok;
  } catch (error) {
    if (error instanceof UnknownSectionError) {
      io.err.write(`${error.message}\n`);
      return EXIT.badArgument;
    }
    if (error instanceof PageUnreachableError) {
      io.err.write(`${error.message}\n`);
      return EXIT.unreachable;
    }
    throw error;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      sections: { type: 'string' },
      competitor: { type: 'string', multiple: true },
      'no-browser': { type: 'boolean' },
      'indexnow-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

type JsonCheck = {
  status: 'passed' | 'warning' | 'failed' | 'skipped';
  message: string;
  [field: string]: unknown;
};

function checkJson(result: CheckResult): JsonCheck {
  if (result.status === 'skipped') return { status: 'skipped', message: result.reason };
  if (result.status === 'error') return { status: 'skipped', message: result.message, error: true };
  return { ...result.data, status: result.status, message: result.message };
}

/** The CLI's JSON: `{ url, final_url, score, categories, checks }`, plus competitors when asked for. */
export function toJson(
  report: CheckupReport & { competitors?: (CheckupReport | { url: string; error: string })[] },
) {
  const one = (r: CheckupReport) => ({
    url: r.url,
    final_url: r.finalUrl,
    status_code: r.status,
    score: r.score,
    categories: Object.fromEntries(r.categories.map((c) => [c.key, { title: c.title, score: c.score }])),
    checks: Object.fromEntries(r.results.map((result) => [result.key, checkJson(result)])),
    duration_ms: r.durationMs,
  });
  return {
    ...one(report),
    ...(report.competitors?.length
      ? {
          competitors: report.competitors.map((c) =>
            'error' in c ? { url: c.url, error: c.error } : one(c),
          ),
        }
      : {}),
  };
}

const plain = (html: string) =>
  html
    .replace(/<li[^>]*>/gi, '\n        • ')
    .replace(/<br\s*\/?>|<\/p>|<\/pre>/gi, '\n        ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The report as a site owner reads it in a terminal. */
export function readable(
  report: CheckupReport & { competitors?: (CheckupReport | { url: string; error: string })[] },
): string {
  const lines: string[] = [];
  const title = (key: string) => checkMeta.get(key)?.title ?? key;
  lines.push(`Sitelens checkup of ${report.url}`);
  if (report.finalUrl !== report.url) lines.push(`  (answered by ${report.finalUrl})`);
  if (isErrorPage(report))
    lines.push(
      '',
      `The page answered with HTTP ${report.status}. Search engines do not index an error page, so its content`,
      'was not judged: make the page answer with 200 first, then check it again.',
    );
  lines.push('', `Score ${report.score}/100   (${(report.durationMs / 1000).toFixed(1)} s)`, '');
  for (const category of report.categories)
    lines.push(`  ${category.title.padEnd(24)} ${String(category.score).padStart(3)}`);
  const by = (status: string) => report.results.filter((r) => r.status === status);
  const section = (heading: string, mark: string, results: CheckResult[], withFix: boolean) => {
    if (results.length === 0) return;
    lines.push('', `${heading} (${results.length})`);
    for (const result of results) {
      const message = 'message' in result ? result.message : result.reason;
      // Messages are plain text (they may quote `<title>`); only the how-to-fix texts are HTML.
      lines.push(`  ${mark} ${title(result.key)}: ${message}`);
      const fix = checkMeta.get(result.key)?.howToFix;
      if (withFix && fix) lines.push(`      How to fix: ${plain(fix)}`);
    }
  };
  section('Failed', '✗', by('failed'), true);
  section('Warnings', '!', by('warning'), true);
  section('Not applicable', '-', [...by('error'), ...by('skipped')], false);
  lines.push('', `Passed: ${by('passed').length} of ${report.results.length} checks`);
  for (const competitor of report.competitors ?? []) {
    lines.push(
      '',
      'error' in competitor
        ? `Competitor ${competitor.url}: ${competitor.error}`
        : `Competitor ${competitor.url}: score ${competitor.score}/100`,
    );
  }
  return `${lines.join('\n')}\n`;
}
