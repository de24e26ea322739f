import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio/slim';
import type { Check } from '../packages/engine/src/checks/define-check';
import { allChecks } from '../packages/engine/src/checks/index';
import type { EngineFetch, FetchedResponse } from '../packages/engine/src/gather/fetch-contract';
import { runCheckup } from '../packages/engine/src/run';
import { median } from './lib';

/** The goal of the real-sites issue: a page's checks within this much CPU. */
const GOAL_CPU_MS = 30;
const ORIGIN = 'http://docs.test';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'application/javascript',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
};

/** Every HTML file under the folder (symbolic links followed), as site paths. */
function htmlPages(root: string, dir = root, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    if (stat.isDirectory()) htmlPages(root, file, found);
    else if (/\.html?$/.test(name)) found.push(`/${path.relative(root, file).split(path.sep).join('/')}`);
  }
  return found.sort();
}

/**
 * The folder as a site in memory: each file read once, answered at once, so only the checks' own
 * work is timed (not the disk, the network or a database). Other hosts do not answer.
 */
function memorySite(root: string): EngineFetch {
  const files = new Map<string, Buffer | null>();
  return async (url) => {
    const address = new URL(url);
    if (address.origin !== ORIGIN) throw new Error(`${address.host} is not served here`);
    const pathname = decodeURIComponent(address.pathname);
    let body = files.get(pathname);
    if (body === undefined) {
      const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
      try {
        body = file.startsWith(root) && statSync(file).isFile() ? readFileSync(file) : null;
      } catch {
        body = null;
      }
      files.set(pathname, body);
    }
    const raw = body ?? Buffer.from('Not found');
    const response: FetchedResponse = {
      requestedUrl: url,
      finalUrl: url,
      status: body ? 200 : 404,
      headers: {
        'content-type': body ? (TYPES[path.extname(pathname)] ?? 'application/octet-stream') : 'text/plain',
        'content-length': String(raw.length),
      },
      body: raw.toString('utf8'),
      raw,
      protocol: 'http/1.1',
      bytes: raw.length,
      transferBytes: raw.length,
      truncated: false,
      redirects: [],
      timings: { total: 1, firstByte: 1 },
    };
    return response;
  };
}

interface PageRun {
  page: string;
  ms: number;
  /** Time in each check's own judgement, by check key. */
  checks: Map<string, number>;
}

/** Every page check of the engine (no browser, no link requests), each timed. */
async function checkPages(root: string, pages: string[]): Promise<{ runs: PageRun[]; cpuMs: number }> {
  const fetch = memorySite(root);
  let current = new Map<string, number>();
  const timed = allChecks
    .filter((check) => check.scope === 'page')
    .map(
      (check): Check => ({
        ...check,
        evaluate(artifacts, context) {
          const started = performance.now();
          try {
            return check.evaluate(artifacts as never, context);
          } finally {
            current.set(check.key, (current.get(check.key) ?? 0) + performance.now() - started);
          }
        },
      }),
    );
  const runs: PageRun[] = [];
  const cpu = process.cpuUsage();
  for (const page of pages) {
    current = new Map();
    const started = performance.now();
    await runCheckup({ url: ORIGIN + page, fetch, checks: timed, browser: false, crawlJudgesLinks: true });
    runs.push({ page, ms: performance.now() - started, checks: current });
  }
  const used = process.cpuUsage(cpu);
  return { runs, cpuMs: (used.user + used.system) / 1000 };
}

/** The peer: each page parsed with the same parser and its text read, nothing judged. */
function parsePages(root: string, pages: string[]): { ms: number[]; cpuMs: number } {
  const ms: number[] = [];
  const cpu = process.cpuUsage();
  for (const page of pages) {
    const html = readFileSync(path.join(root, page), 'utf8');
    const started = performance.now();
    load(html)('body').text();
    ms.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Every page check of the engine over every HTML page of a local folder (a real site no one here
 * wrote), from memory, against parsing the same pages (the floor any checker pays): time per page,
 * the slowest page, CPU per page, and the checks that cost most, rounds alternating.
 */
export async function benchPageChecks(options: { site: string; rounds: number }): Promise<void> {
  const root = path.resolve(options.site);
  const pages = htmlPages(root);
  if (pages.length === 0) throw new Error(`no HTML page under ${root}`);
  console.info(
    `page-checks: ${pages.length} pages of ${root}, every page check (no browser, no link requests), from memory; peer: parsing each page with cheerio/slim; ${options.rounds} rounds, alternating; warming up…`,
  );
  // Dictionaries, esbuild and the parsers loaded once, as in a crawl.
  await checkPages(root, pages.slice(0, 5));
  const rounds: { ours: Awaited<ReturnType<typeof checkPages>>; peer: ReturnType<typeof parsePages> }[] = [];
  for (let i = 1; i <= options.rounds; i++) {
    const oursFirst = i % 2 === 1;
    let ours: Awaited<ReturnType<typeof checkPages>>;
    let peer: ReturnType<typeof parsePages>;
    if (oursFirst) {
      ours = await checkPages(root, pages);
      peer = parsePages(root, pages);
    } else {
      peer = parsePages(root, pages);
      ours = await checkPages(root, pages);
    }
    rounds.push({ ours, peer });
    console.info(
      ` round ${i}: ours median ${median(ours.runs.map((r) => r.ms)).toFixed(1)} ms a page, ${(ours.cpuMs / pages.length).toFixed(1)} ms CPU; parse median ${median(peer.ms).toFixed(2)} ms, ${(peer.cpuMs / pages.length).toFixed(2)} ms CPU`,
    );
  }
  const last = rounds.at(-1)!.ours.runs;
  const slowest = last.reduce((a, b) => (b.ms > a.ms ? b : a));
  const oursMedian = median(rounds.map((r) => median(r.ours.runs.map((run) => run.ms))));
  const oursCpu = median(rounds.map((r) => r.ours.cpuMs / pages.length));
  const peerMedian = median(rounds.map((r) => median(r.peer.ms)));
  const peerCpu = median(rounds.map((r) => r.peer.cpuMs / pages.length));
  console.info(`\n ${'median of rounds'.padEnd(26)} ${'ms/page'.padStart(9)} ${'CPU ms/page'.padStart(12)}`);
  console.info(
    ` ${'ours: every page check'.padEnd(26)} ${oursMedian.toFixed(1).padStart(9)} ${oursCpu.toFixed(1).padStart(12)}`,
  );
  console.info(
    ` ${'parse only'.padEnd(26)} ${peerMedian.toFixed(2).padStart(9)} ${peerCpu.toFixed(2).padStart(12)}`,
  );
  console.info(`\n slowest page (last round): ${slowest.page} ${slowest.ms.toFixed(0)} ms`);
  const keys = [...new Set(last.flatMap((run) => [...run.checks.keys()]))];
  const perCheck = keys
    .map((key) => {
      const times = last.map((run) => run.checks.get(key) ?? 0);
      return { key, median: median(times), max: Math.max(...times), total: times.reduce((a, b) => a + b, 0) };
    })
    .sort((a, b) => b.total - a.total);
  console.info(
    `\n ${'check (last round)'.padEnd(26)} ${'median ms'.padStart(10)} ${'slowest ms'.padStart(11)} ${'share'.padStart(7)}`,
  );
  const all = perCheck.reduce((sum, check) => sum + check.total, 0);
  for (const check of perCheck.slice(0, 8))
    console.info(
      ` ${check.key.padEnd(26)} ${check.median.toFixed(2).padStart(10)} ${check.max.toFixed(1).padStart(11)} ${`${((100 * check.total) / all).toFixed(0)} %`.padStart(7)}`,
    );
  console.info(
    `\n ratio ours/parse (CPU per page): ${(oursCpu / peerCpu).toFixed(1)}; goal: ≤ ${GOAL_CPU_MS} ms CPU a page, ${oursCpu <= GOAL_CPU_MS ? 'met' : 'not met'}\n`,
  );
}
