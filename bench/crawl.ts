import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { measure, median, type Run, treeRssKb } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const SITELENS = path.join(ROOT, 'apps/server/bin/sitelens.js');
const SITE_SERVER = path.join(import.meta.dirname, 'crawl-site-server.ts');
const STATIC_SITE_SERVER = path.join(import.meta.dirname, 'static-site-server.ts');
const LINKINATOR_CLI = path.join(ROOT, 'node_modules/linkinator/build/src/cli.js');
/** The PostgreSQL server `--postgres` crawls on: a fresh database per crawl, dropped after it. */
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The goals of the crawl issue: throughput and memory against linkinator, memory per URL at scale. */
const GOALS = { throughput: 1.0, memory: 1.0, bytesPerUrl: 2048 };
/** Pages of the timed site and of the baseline the large crawl's memory is measured from. */
const SITE_PAGES = 1000;
const SLOW_MS = 1500;
const BASELINE_PAGES = 100;
/** The large crawl's caps: wall time (100,000 URLs took 30 min on 2 cores) and Node's heap. */
const LARGE_TIMEOUT_S = 2700;
const LARGE_HEAP_MB = 1024;
/** What the fixture's robots.txt disallows: we must not request it, linkinator ignores robots.txt. */
const ROBOTS_DISALLOWED = /^\/private\//;
/** `--site`'s goals for ours: CPU per URL, wall time against wget's spider, peak memory by database. */
const FOLDER_GOALS = { cpuMsPerUrl: 30, wallOfWget: 2, peakMb: { pglite: 400, postgres: 300 } };
/** `--site`'s --max-urls: above any folder's URL count, so that the crawl ends with the site. */
const FOLDER_MAX_URLS = 50_000;
/**
 * `--site`'s cap on linkinator: on Node 20 it stops part-way through both Debian documentation
 * sites, no socket open, no CPU used, and never exits (JustinBeckwith/linkinator#642); a finished
 * run of such a site takes it seconds.
 */
const FOLDER_PEER_CAP_S = 120;

interface SiteProcess {
  origin: string;
  /** host:port for FETCH_ALLOW_PRIVATE. */
  allow: string;
  /** Requests served so far, where the server counts them for us. */
  requests?(): Promise<number>;
  stop(): Promise<void>;
}

/** A site server script run as `node --import tsx <script> …args`, with the origin it printed. */
async function spawnSiteServer(script: string, args: string[]) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [origin] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error('the crawl site server exited before it printed its origin');
    }),
  ])) as [string];
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  };
  return { child, lines, origin, stop };
}

/** A generated fixture site (packages/engine/test/crawl-site.ts) served by a process of its own. */
async function startSiteProcess(pages: number, options: { slowMs?: number } = {}): Promise<SiteProcess> {
  const { lines, origin, stop } = await spawnSiteServer(SITE_SERVER, [
    String(pages),
    ...(options.slowMs ? ['--slow-ms', String(options.slowMs)] : []),
  ]);
  lines.close();
  return { origin, allow: new URL(origin).host, stop };
}

/** A folder served as it is (bench/static-site-server.ts) by a process of its own. */
async function startFolderProcess(folder: string): Promise<SiteProcess> {
  const { child, lines, origin, stop } = await spawnSiteServer(STATIC_SITE_SERVER, [folder]);
  return {
    origin,
    allow: new URL(origin).host,
    async requests() {
      // It answers a `requests` line with its count, and prints nothing else after its origin.
      const answer = once(lines, 'line') as Promise<[string]>;
      child.stdin!.write('requests\n');
      return Number((await answer)[0]);
    },
    stop,
  };
}

/** A URL as both sides are compared: fragment dropped, query kept (an empty `?` dropped). */
function normalise(href: string): string | null {
  try {
    const url = new URL(href);
    url.hash = '';
    if (url.search === '?') url.search = '';
    return url.href;
  } catch {
    return null;
  }
}

interface CrawlRun {
  run: Run & { signal?: NodeJS.Signals | null; timedOut?: boolean };
  /** Internal URLs found, normalised. */
  urls: Set<string>;
  /** Ours: the command's `pages` and `durationMs`. */
  pages?: number;
  durationMs?: number;
  /** Peer: links it reported on other origins (checked, not crawled). */
  external?: number;
  /** `--site`: requests the site served during the crawl. */
  requests?: number;
}

/**
 * `measure` for a long run: the process is stopped after `timeoutS`, the signal that ended it is
 * kept (a heap cap ends Node with SIGABRT) and its memory is printed every minute.
 */
function measureCapped(
  args: string[],
  env: Record<string, string>,
  timeoutS: number,
): Promise<CrawlRun['run']> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    let peak = 0;
    let timedOut = false;
    let lastMinute = 0;
    const sampler = setInterval(() => {
      if (!child.pid) return;
      const kb = treeRssKb(child.pid);
      peak = Math.max(peak, kb);
      const minute = Math.floor((performance.now() - started) / 60_000);
      if (minute > lastMinute) {
        lastMinute = minute;
        console.info(`   … ${minute} min, ${mb(kb)} MB (peak ${mb(peak)} MB)`);
      }
    }, 50);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, timeoutS * 1000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(timer);
      if (code !== 0) process.stderr.write(stderr.slice(-2000));
      resolve({ wallMs: performance.now() - started, peakMb: peak / 1024, stdout, code, signal, timedOut });
    });
  });
}

const urlsPerSecond = (crawl: CrawlRun) => crawl.urls.size / (crawl.run.wallMs / 1000);

/**
 * `sitelens crawl <origin>/ --max-urls N --json` with a fresh database: an embedded one (PGlite,
 * inside the measured process), or with `postgres` a new database on BENCH_POSTGRES_URL (its server
 * is not in the measured tree).
 */
async function crawlOurs(
  site: SiteProcess,
  maxUrls: number,
  options: {
    env?: Record<string, string>;
    timeoutS?: number;
    postgres?: boolean;
    migrated?: boolean;
    /** Its CPU time too (`measure`'s `cpu`). */
    cpu?: boolean;
  } = {},
): Promise<CrawlRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-bench-crawl-'));
  const database = options.postgres ? await createBenchDatabase() : null;
  const args = [SITELENS, 'crawl', `${site.origin}/`, '--max-urls', String(maxUrls), '--json'];
  const env = {
    FETCH_ALLOW_PRIVATE: site.allow,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  try {
    if (options.migrated) {
      // The database made and migrated beforehand, unmeasured: creating an embedded one peaks near
      // 1 GB, which would hide what the crawl itself holds.
      const migrate = spawnSync(process.execPath, [SITELENS, 'migrate'], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
      if (migrate.status !== 0) throw new Error(`sitelens migrate failed: ${migrate.stderr.slice(-2000)}`);
    }
    const run = options.timeoutS
      ? await measureCapped(args, env, options.timeoutS)
      : await measure(process.execPath, args, env, { cpu: options.cpu });
    const line = run.stdout
      .split('\n')
      .reverse()
      .find((text) => text.startsWith('{') && text.includes('"urls"'));
    if (run.code !== 0 || !line) return { run, urls: new Set() };
    const json = JSON.parse(line) as { pages: number; urls: string[]; durationMs: number };
    const urls = new Set<string>();
    for (const url of json.urls) {
      const normalised = normalise(url);
      if (normalised && new URL(normalised).origin === site.origin) urls.add(normalised);
    }
    return { run, urls, pages: json.pages, durationMs: json.durationMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sitelens_bench_crawl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** linkinator 6 with its defaults (100 requests at once, no timeout, nothing skipped), recursing. */
async function crawlPeer(
  site: SiteProcess,
  options: { cpu?: boolean; okCodes?: number[]; timeoutS?: number } = {},
): Promise<CrawlRun> {
  // Its CLI straight under Node: `npx` would add its own process (and ~50 MB) to the measured tree.
  const run = await measure(
    process.execPath,
    [LINKINATOR_CLI, `${site.origin}/`, '--recurse', '--format', 'json'],
    {},
    { cpu: options.cpu, okCodes: options.okCodes, timeoutS: options.timeoutS },
  );
  const urls = new Set<string>();
  let external = 0;
  try {
    const json = JSON.parse(run.stdout) as { links: { url: string; state: string }[] };
    for (const link of json.links) {
      const normalised = normalise(link.url);
      if (!normalised) continue;
      if (new URL(normalised).origin === site.origin) urls.add(normalised);
      else external++;
    }
  } catch {
    // no JSON: the run failed, reported below
  }
  return { run, urls, external };
}

/** The URLs a crawl of `generatedSite(pages)` can find: pages, homepage, /slow, moved and missing ones. */
function fixtureUrls(pages: number, slow: boolean): number {
  const linking = pages > 10 ? Math.floor((pages - 11) / 50) + 1 : 0;
  return pages + 1 + (slow ? 1 : 0) + 2 * linking;
}

const met = (ok: boolean) => (ok ? 'met' : 'not met');
const mb = (kb: number) => (kb / 1024).toFixed(0);

/**
 * Crawls a generated 1,000-page site (redirects, 404s, noindex pages, duplicate titles, a slow
 * page, robots.txt and a sitemap) with `sitelens crawl` and with linkinator 6, alternating: URLs/s,
 * peak memory of each process tree and whether both found the same URLs. Then, unless told not to,
 * one crawl of a far larger generated site under a heap cap: memory per URL.
 */
export async function benchCrawl(options: {
  rounds: number;
  large: boolean;
  largePages: number;
  /** Ours on PostgreSQL instead of the embedded database. */
  postgres: boolean;
  /** A folder of HTML to crawl instead of the generated site (`--site`): see benchCrawlFolder. */
  site?: string;
}): Promise<void> {
  if (options.site) return benchCrawlFolder(options.site, options.rounds, options.postgres);
  const oursName = `sitelens crawl on ${options.postgres ? 'PostgreSQL' : 'PGlite (embedded)'}`;
  const site = await startSiteProcess(SITE_PAGES, { slowMs: SLOW_MS });
  const rows: { ours: CrawlRun; peer: CrawlRun }[] = [];
  try {
    console.info(
      `crawl: ${options.rounds} rounds, alternating, on a generated ${SITE_PAGES}-page site at ${site.origin}/ (its own process)\n ours: ${oursName}\n peer: linkinator 6 --recurse; warming up…`,
    );
    const database = { postgres: options.postgres };
    await crawlOurs(site, 5000, database);
    await crawlPeer(site);
    for (let i = 1; i <= options.rounds; i++) {
      // Who goes first alternates, as in the other benchmarks.
      const oursFirst = i % 2 === 1;
      const first = oursFirst ? await crawlOurs(site, 5000, database) : await crawlPeer(site);
      const second = oursFirst ? await crawlPeer(site) : await crawlOurs(site, 5000, database);
      const [ours, peer] = oursFirst ? [first, second] : [second, first];
      if (ours.run.code !== 0 || ours.urls.size === 0)
        throw new Error(`our crawl failed (round ${i}, exit ${ours.run.code})`);
      if (peer.urls.size === 0) throw new Error(`linkinator failed (round ${i}, exit ${peer.run.code})`);
      rows.push({ ours, peer });
      console.info(
        ` round ${i}: ours ${ours.urls.size} URLs in ${ours.run.wallMs.toFixed(0)} ms (inner ${ours.durationMs} ms) / ${ours.run.peakMb.toFixed(0)} MB, linkinator ${peer.urls.size} URLs in ${peer.run.wallMs.toFixed(0)} ms / ${peer.run.peakMb.toFixed(0)} MB`,
      );
    }
  } finally {
    await site.stop();
  }

  const med = (pick: (r: (typeof rows)[number]) => number) => median(rows.map(pick));
  const table = [
    [
      'ours',
      med((r) => r.ours.urls.size),
      med((r) => r.ours.run.wallMs),
      med((r) => urlsPerSecond(r.ours)),
      med((r) => r.ours.run.peakMb),
    ],
    [
      'linkinator 6',
      med((r) => r.peer.urls.size),
      med((r) => r.peer.run.wallMs),
      med((r) => urlsPerSecond(r.peer)),
      med((r) => r.peer.run.peakMb),
    ],
  ] as const;
  console.info(
    `\n ${'median of'.padEnd(14)} ${'URLs'.padStart(7)} ${'wall ms'.padStart(9)} ${'URLs/s'.padStart(9)} ${'peak MB'.padStart(9)}`,
  );
  for (const [name, urls, wall, rate, peak] of table)
    console.info(
      ` ${name.padEnd(14)} ${urls.toFixed(0).padStart(7)} ${wall.toFixed(0).padStart(9)} ${rate.toFixed(1).padStart(9)} ${peak.toFixed(0).padStart(9)}`,
    );
  const inner = med((r) => r.ours.urls.size / ((r.ours.durationMs ?? Number.NaN) / 1000));
  console.info(
    ` ours inside the process (its durationMs, without start-up and database setup): ${inner.toFixed(1)} URLs/s`,
  );
  const throughput = table[0][3] / table[1][3];
  const memory = table[0][4] / table[1][4];
  console.info('\n ratios ours/linkinator (medians):');
  console.info(
    `  URLs/s      ${throughput.toFixed(3)}  (goal ≥ ${GOALS.throughput}, ${met(throughput >= GOALS.throughput)})`,
  );
  console.info(
    `  peak memory ${memory.toFixed(3)}  (goal ≤ ${GOALS.memory}, ${met(memory <= GOALS.memory)})`,
  );
  printParity(rows);

  if (!options.large) {
    console.info('\n large crawl skipped (--no-large)\n');
    return;
  }
  await benchLargeCrawl(options.largePages, options.postgres);
}

/** Both sides' URL sets, and which differences are expected. */
function printParity(rows: { ours: CrawlRun; peer: CrawlRun }[]): void {
  const key = (urls: Set<string>) => [...urls].sort().join(' ');
  const stable = (pick: (r: (typeof rows)[number]) => Set<string>) =>
    rows.every((r) => key(pick(r)) === key(pick(rows[0]!)));
  const { ours, peer } = rows.at(-1)!;
  const pathOf = (url: string) => new URL(url).pathname;
  const onlyOurs = [...ours.urls].filter((url) => !peer.urls.has(url));
  const onlyPeer = [...peer.urls].filter((url) => !ours.urls.has(url));
  const robots = onlyPeer.filter((url) => ROBOTS_DISALLOWED.test(pathOf(url)));
  const unexplainedPeer = onlyPeer.filter((url) => !ROBOTS_DISALLOWED.test(pathOf(url)));
  const requestedDisallowed = [...ours.urls].filter((url) => ROBOTS_DISALLOWED.test(pathOf(url)));
  console.info(
    `\n URL parity (last round): ours ${ours.urls.size}, linkinator ${peer.urls.size}, both ${ours.urls.size - onlyOurs.length}; the site has ${fixtureUrls(SITE_PAGES, true)} URLs to crawl (+1 robots.txt disallows)`,
  );
  if (ours.pages !== undefined && ours.pages !== ours.urls.size)
    console.info(`  our JSON says pages: ${ours.pages} but lists ${ours.urls.size} URLs`);
  const few = (urls: string[]) => urls.slice(0, 5).map(pathOf).join(', ') + (urls.length > 5 ? ', …' : '');
  if (onlyOurs.length) console.info(`  only ours (${onlyOurs.length}): ${few(onlyOurs)}`);
  if (robots.length)
    console.info(
      `  only linkinator, disallowed by robots.txt (${robots.length}; we must not request them, linkinator ignores robots.txt): ${few(robots)}`,
    );
  if (unexplainedPeer.length)
    console.info(`  only linkinator, unexplained (${unexplainedPeer.length}): ${few(unexplainedPeer)}`);
  if (requestedDisallowed.length)
    console.info(
      `  we requested robots-disallowed URLs (${requestedDisallowed.length}): ${few(requestedDisallowed)}`,
    );
  if (peer.external)
    console.info(
      `  linkinator also checked ${peer.external} external links (not compared: we do not request them)`,
    );
  if (!stable((r) => r.ours.urls) || !stable((r) => r.peer.urls))
    console.info(
      `  the sets changed between rounds: ours ${rows.map((r) => r.ours.urls.size).join('/')}, linkinator ${rows.map((r) => r.peer.urls.size).join('/')}`,
    );
  const same = onlyOurs.length === 0 && unexplainedPeer.length === 0 && requestedDisallowed.length === 0;
  console.info(`  same URLs but for robots.txt's: ${same ? 'yes' : 'no'}  (goal: yes, ${met(same)})`);
}

/** One crawl of a large generated site under a heap cap, less a 100-page crawl: memory per URL. */
async function benchLargeCrawl(pages: number, postgres: boolean): Promise<void> {
  const env = { NODE_OPTIONS: `--max-old-space-size=${LARGE_HEAP_MB}` };
  const limits = { env, timeoutS: LARGE_TIMEOUT_S, postgres, migrated: true };
  console.info(
    `\n large crawl: a generated ${pages}-page site with its sitemap, ours once with --max-urls ${pages}, heap capped at ${LARGE_HEAP_MB} MB, ${LARGE_TIMEOUT_S} s at most, on a database migrated beforehand; baseline: the same command on a ${BASELINE_PAGES}-page site`,
  );
  const small = await startSiteProcess(BASELINE_PAGES);
  let baseline: CrawlRun;
  try {
    baseline = await crawlOurs(small, pages, limits);
  } finally {
    await small.stop();
  }
  if (baseline.run.code !== 0)
    throw new Error(`the ${BASELINE_PAGES}-page crawl failed (exit ${baseline.run.code})`);
  const large = await startSiteProcess(pages);
  let run: CrawlRun;
  try {
    run = await crawlOurs(large, pages, limits);
  } finally {
    await large.stop();
  }
  const baselineKb = baseline.run.peakMb * 1024;
  const peakKb = run.run.peakMb * 1024;
  console.info(
    `  baseline (${baseline.urls.size} URLs): ${mb(baselineKb)} MB peak, ${baseline.run.wallMs.toFixed(0)} ms`,
  );
  if (run.run.code !== 0) {
    const why = run.run.timedOut
      ? `stopped after ${LARGE_TIMEOUT_S} s`
      : run.run.signal
        ? `ended by ${run.run.signal} after ${(run.run.wallMs / 1000).toFixed(0)} s`
        : `exit ${run.run.code} after ${(run.run.wallMs / 1000).toFixed(0)} s`;
    console.info(
      `  large crawl failed (${why}) at ${mb(peakKb)} MB peak  (goal ≤ ${GOALS.bytesPerUrl / 1024} KB/URL, not met)\n`,
    );
    return;
  }
  const perUrl = ((peakKb - baselineKb) * 1024) / run.urls.size;
  if (perUrl <= 0)
    console.info(
      '  (the baseline peaked as high: a fixed cost, not the URLs, sets the peak; try more --large-pages)',
    );
  console.info(
    `  large crawl: ${run.urls.size} URLs of the site's ${fixtureUrls(pages, false)} (JSON pages: ${run.pages}) in ${(run.run.wallMs / 1000).toFixed(1)} s (${urlsPerSecond(run).toFixed(1)} URLs/s), ${mb(peakKb)} MB peak`,
  );
  console.info(
    `  memory per URL: (${mb(peakKb)} − ${mb(baselineKb)} MB) / ${run.urls.size} = ${(perUrl / 1024).toFixed(2)} KB  (goal ≤ ${GOALS.bytesPerUrl / 1024} KB, ${met(perUrl <= GOALS.bytesPerUrl)})\n`,
  );
}

/** The wget command of `--site`: its spider, recursing without limit, obeying robots.txt. */
function wgetArgs(origin: string): string[] {
  // --no-config: the same run whatever ~/.wgetrc says.
  return [
    '--no-config',
    '--spider',
    '-r',
    '-l',
    'inf',
    '-nd',
    '-nv',
    '-e',
    'robots=on',
    '--no-parent',
    `${origin}/`,
  ];
}

/**
 * The site's URLs wget requested, from its `-nv` log: "URL:<url> [n/n] -> …" (pages it read),
 * "URL: <url> 200 OK" (files it asked for), "<url>:" before "Remote file does not exist". Its
 * robots.txt is left out, as ours leaves it out: both read it as rules, not as a link.
 */
function wgetUrls(log: string, origin: string): Set<string> {
  const urls = new Set<string>();
  for (const line of log.split('\n')) {
    for (const [found] of line.matchAll(/https?:\/\/[^\s"]+/g)) {
      // A broken link's line is the URL and a colon.
      const href = found.endsWith(':') && line.trimEnd().endsWith(found) ? found.slice(0, -1) : found;
      const normalised = normalise(href);
      if (!normalised) continue;
      const url = new URL(normalised);
      if (url.origin === origin && url.pathname !== '/robots.txt') urls.add(normalised);
    }
  }
  return urls;
}

/** wget's spider over the site; it exits 8 when it met broken links, which is not a failure. */
async function crawlWget(site: SiteProcess): Promise<CrawlRun> {
  // --spider still saves each page to read its links (and deletes it after): in a folder of its own.
  const cwd = mkdtempSync(path.join(tmpdir(), 'sitelens-bench-wget-'));
  try {
    const run = await measure('wget', wgetArgs(site.origin), {}, { cpu: true, cwd, okCodes: [0, 8] });
    const left = readdirSync(cwd);
    if (left.length > 0)
      console.info(`   wget left ${left.length} files behind: ${left.slice(0, 5).join(', ')}`);
    return { run, urls: wgetUrls(run.stderr ?? '', site.origin) };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

type FolderCrawler = 'ours' | 'wget' | 'linkinator';
const FOLDER_CRAWLERS: FolderCrawler[] = ['ours', 'wget', 'linkinator'];
type FolderRound = Record<FolderCrawler, CrawlRun>;

const cpuPerUrl = (crawl: CrawlRun) => (crawl.run.cpuMs ?? Number.NaN) / crawl.urls.size;

/**
 * `--site <folder>`: a folder of HTML served as it is (bench/static-site-server.ts), crawled each
 * round by ours, wget's spider and linkinator 6, who goes first turning: URLs found, wall time,
 * CPU time and peak memory of each process tree; ours against its goals and its URLs against wget's.
 */
async function benchCrawlFolder(folder: string, rounds: number, postgres: boolean): Promise<void> {
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new Error(`--site ${folder}: not a folder`);
  const ours = `ours on ${postgres ? 'PostgreSQL' : 'PGlite'}`;
  const names: Record<FolderCrawler, string> = { ours, wget: 'wget --spider', linkinator: 'linkinator 6' };
  const site = await startFolderProcess(folder);
  const crawl: Record<FolderCrawler, () => Promise<CrawlRun>> = {
    // On a database made beforehand, as a crawl of an installed Sitelens runs: making one is timed
    // once, apart (an embedded database is made once, at the first start).
    ours: () => crawlOurs(site, FOLDER_MAX_URLS, { postgres, cpu: true, migrated: true }),
    wget: () => crawlWget(site),
    // It exits 1 when it met broken links, which is not a failure.
    linkinator: () => crawlPeer(site, { cpu: true, okCodes: [0, 1], timeoutS: FOLDER_PEER_CAP_S }),
  };
  const rows: FolderRound[] = [];
  try {
    console.info(
      `crawl --site: ${rounds} rounds, who goes first turning, on ${folder} served at ${site.origin}/ (its own process)\n ours: sitelens crawl --max-urls ${FOLDER_MAX_URLS} on ${postgres ? 'PostgreSQL (a new database each run, made and migrated beforehand; its server is not in the measured tree)' : 'PGlite (embedded, a new one each run, made and migrated beforehand: making one is measured apart)'}\n wget: wget ${wgetArgs('<origin>').join(' ')}\n linkinator: linkinator 6 --recurse\n CPU: user + system of the process tree (/usr/bin/time); warming up (ours on 10 URLs, wget and linkinator on the whole site, linkinator capped at ${FOLDER_PEER_CAP_S} s)…`,
    );
    // Unmeasured: the folder's files into the page cache, the crawlers' modules off the disk.
    await crawlOurs(site, 10, { postgres });
    if (!postgres) await printDatabaseCreation();
    await crawlWget(site);
    await crawlPeer(site, { okCodes: [0, 1], timeoutS: FOLDER_PEER_CAP_S });
    for (let i = 1; i <= rounds; i++) {
      const order = FOLDER_CRAWLERS.map((_, k) => FOLDER_CRAWLERS[(k + i - 1) % FOLDER_CRAWLERS.length]!);
      const row = {} as FolderRound;
      for (const name of order) {
        const before = await site.requests!();
        row[name] = await crawl[name]();
        row[name].requests = (await site.requests!()) - before;
      }
      console.info(` round ${i} (${order.join(', ')}):`);
      for (const name of FOLDER_CRAWLERS) {
        const { run, urls, requests } = row[name];
        const end = run.timedOut
          ? `did not finish: stopped after ${FOLDER_PEER_CAP_S} s`
          : `exit ${run.code}`;
        console.info(
          `  ${names[name].padEnd(18)} ${String(urls.size).padStart(6)} URLs ${run.wallMs.toFixed(0).padStart(8)} ms wall ${(run.cpuMs ?? Number.NaN).toFixed(0).padStart(8)} ms CPU (${urls.size > 0 ? cpuPerUrl(row[name]).toFixed(2) : '—'} ms/URL) ${run.peakMb.toFixed(0).padStart(5)} MB peak, ${requests} requests served, ${end}`,
        );
      }
      if (row.ours.durationMs !== undefined)
        console.info(`  ours inside the process (its durationMs): ${row.ours.durationMs} ms`);
      if (row.ours.run.code !== 0 || row.ours.urls.size === 0)
        throw new Error(`our crawl failed (round ${i}, exit ${row.ours.run.code}; its stderr is above)`);
      if (row.wget.urls.size === 0) throw new Error(`wget failed (round ${i}, exit ${row.wget.run.code})`);
      if (row.linkinator.urls.size === 0 && !row.linkinator.run.timedOut)
        throw new Error(`linkinator failed (round ${i}, exit ${row.linkinator.run.code})`);
      rows.push(row);
    }
    printFolderResults(rows, names, postgres);
    await printFolderParity(rows, existsSync(path.join(folder, 'robots.txt')));
  } finally {
    await site.stop();
  }
}

/** What making a new embedded database costs (`sitelens migrate` on an empty folder), once. */
async function printDatabaseCreation(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-bench-create-'));
  try {
    const { wallMs, peakMb, cpuMs, code } = await measure(
      process.execPath,
      [SITELENS, 'migrate'],
      { DATA_DIR: path.join(dataDir, 'data'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
      { cpu: true },
    );
    if (code !== 0) throw new Error(`sitelens migrate exited ${code}`);
    console.info(
      ` making an embedded database (sitelens migrate on an empty folder, once per installation): ${wallMs.toFixed(0)} ms wall, ${(cpuMs ?? Number.NaN).toFixed(0)} ms CPU, ${peakMb.toFixed(0)} MB peak of the process tree`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printFolderResults(
  rows: FolderRound[],
  names: Record<FolderCrawler, string>,
  postgres: boolean,
): void {
  // Medians of the rounds a crawler finished (linkinator may not have).
  const medians = (name: FolderCrawler) => {
    const finished = rows.filter((r) => !r[name].run.timedOut);
    const med = (pick: (r: FolderRound) => number) => median(finished.map(pick));
    return {
      finished: finished.length,
      urls: med((r) => r[name].urls.size),
      wallMs: med((r) => r[name].run.wallMs),
      cpuMs: med((r) => r[name].run.cpuMs ?? Number.NaN),
      cpuPerUrl: med((r) => cpuPerUrl(r[name])),
      peakMb: med((r) => r[name].run.peakMb),
    };
  };
  console.info(
    `\n ${'median of'.padEnd(18)} ${'URLs'.padStart(6)} ${'wall ms'.padStart(9)} ${'CPU ms'.padStart(9)} ${'CPU ms/URL'.padStart(11)} ${'peak MB'.padStart(8)}`,
  );
  for (const name of FOLDER_CRAWLERS) {
    const m = medians(name);
    if (m.finished === 0) {
      console.info(
        ` ${names[name].padEnd(18)} did not finish in any round (stopped after ${FOLDER_PEER_CAP_S} s)`,
      );
      continue;
    }
    if (m.finished < rows.length) console.info(` (${names[name]}: of the ${m.finished} rounds it finished)`);
    console.info(
      ` ${names[name].padEnd(18)} ${m.urls.toFixed(0).padStart(6)} ${m.wallMs.toFixed(0).padStart(9)} ${m.cpuMs.toFixed(0).padStart(9)} ${m.cpuPerUrl.toFixed(2).padStart(11)} ${m.peakMb.toFixed(0).padStart(8)}`,
    );
  }
  const ours = medians('ours');
  const wallOfWget = ours.wallMs / medians('wget').wallMs;
  const peakGoal = postgres ? FOLDER_GOALS.peakMb.postgres : FOLDER_GOALS.peakMb.pglite;
  console.info('\n goals for ours (medians):');
  console.info(
    `  CPU per URL      ${ours.cpuPerUrl.toFixed(2)} ms  (goal ≤ ${FOLDER_GOALS.cpuMsPerUrl} ms, ${met(ours.cpuPerUrl <= FOLDER_GOALS.cpuMsPerUrl)})`,
  );
  console.info(
    `  wall / wget's    ${wallOfWget.toFixed(2)}×  (goal ≤ ${FOLDER_GOALS.wallOfWget}×, ${met(wallOfWget <= FOLDER_GOALS.wallOfWget)})`,
  );
  console.info(
    `  peak memory      ${ours.peakMb.toFixed(0)} MB  (goal ≤ ${peakGoal} MB on ${postgres ? 'PostgreSQL' : 'PGlite'}, ${met(ours.peakMb <= peakGoal)})`,
  );
}

/** Ours against wget (both obey robots.txt) and against linkinator, with a few of each difference. */
async function printFolderParity(rows: FolderRound[], ownRobots: boolean): Promise<void> {
  const last = rows.at(-1)!;
  const minus = (a: Set<string>, b: Set<string>) => [...a].filter((url) => !b.has(url)).sort();
  // A difference's status, asked again after the crawls: a redirect or a 404 explains most of them.
  const few = async (urls: string[]) => {
    const shown = await Promise.all(
      urls.slice(0, 5).map(async (url) => {
        const status = await fetch(url, { method: 'HEAD', redirect: 'manual' }).then(
          (response) => String(response.status),
          () => 'no answer',
        );
        const { pathname, search } = new URL(url);
        return `${pathname}${search} (${status})`;
      }),
    );
    return shown.join(', ') + (urls.length > 5 ? ', …' : '');
  };
  const onlyOurs = minus(last.ours.urls, last.wget.urls);
  const onlyWget = minus(last.wget.urls, last.ours.urls);
  const linkinatorFinished = !last.linkinator.run.timedOut;
  const onlyLinkinator = linkinatorFinished ? minus(last.linkinator.urls, last.ours.urls) : [];
  const notLinkinator = linkinatorFinished ? minus(last.ours.urls, last.linkinator.urls) : [];
  console.info(
    `\n URL parity (last round): ours ${last.ours.urls.size}, wget ${last.wget.urls.size}, linkinator ${linkinatorFinished ? last.linkinator.urls.size : 'did not finish (not compared)'}; ours and wget both ${last.ours.urls.size - onlyOurs.length}`,
  );
  if (last.ours.pages !== undefined && last.ours.pages !== last.ours.urls.size)
    console.info(
      `  our JSON says pages: ${last.ours.pages} but lists ${last.ours.urls.size} URLs of the site`,
    );
  if (onlyOurs.length) console.info(`  only ours, not wget (${onlyOurs.length}): ${await few(onlyOurs)}`);
  if (onlyWget.length) console.info(`  only wget, not ours (${onlyWget.length}): ${await few(onlyWget)}`);
  if (onlyLinkinator.length)
    console.info(
      `  linkinator, not ours (${onlyLinkinator.length}${ownRobots ? '; linkinator ignores robots.txt' : ''}): ${await few(onlyLinkinator)}`,
    );
  if (notLinkinator.length)
    console.info(`  ours, not linkinator (${notLinkinator.length}): ${await few(notLinkinator)}`);
  if (last.linkinator.external)
    console.info(
      `  linkinator also checked ${last.linkinator.external} links to other sites (not compared: neither ours nor wget crawls them)`,
    );
  const key = (urls: Set<string>) => [...urls].sort().join(' ');
  const changed = FOLDER_CRAWLERS.filter((name) =>
    rows.some((r) => key(r[name].urls) !== key(rows[0]![name].urls)),
  );
  if (changed.length)
    console.info(
      `  the sets changed between rounds: ${changed.map((name) => `${name} ${rows.map((r) => r[name].urls.size).join('/')}`).join(', ')}`,
    );
  console.info(
    `  ours and wget found the same URLs: ${onlyOurs.length + onlyWget.length === 0 ? 'yes' : 'no'}\n`,
  );
}
