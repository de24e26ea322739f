import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSite } from '@sitelens/engine/testing/fixture-sites';
import { startWarmCheckups, type WarmRun } from './checkup-warm';
import { measure, median, type Run } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIGHTHOUSE_DIR = path.join(import.meta.dirname, 'lighthouse');
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/cli/index.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** The checks both tools have: our key, Lighthouse's audit id. */
const AGREEMENT: [string, string][] = [
  ['meta-title', 'document-title'],
  ['meta-description', 'meta-description'],
  ['http-status-code', 'http-status-code'],
  ['crawlable-anchors', 'crawlable-anchors'],
  ['link-text', 'link-text'],
  ['robots-txt', 'robots-txt'],
  ['image-alt', 'image-alt'],
  ['hreflang', 'hreflang'],
  ['canonical-tag', 'canonical'],
  ['viewport', 'viewport'],
  ['noindex-tags', 'is-crawlable'],
  ['hsts', 'has-hsts'],
  ['web-vitals-lcp', 'largest-contentful-paint'],
  ['web-vitals-cls', 'cumulative-layout-shift'],
  ['web-vitals-fcp', 'first-contentful-paint'],
];

type Verdict = 'passed' | 'warning' | 'failed' | 'skipped' | 'n/a';

/** Lighthouse's score as our verdict: numeric audits by its bands, binary ones pass or fail. */
function lighthouseVerdict(audit: { score: number | null; scoreDisplayMode: string } | undefined): Verdict {
  if (!audit) return 'n/a';
  if (audit.scoreDisplayMode === 'notApplicable') return 'skipped';
  if (audit.score === null) return 'n/a';
  if (audit.scoreDisplayMode === 'binary') return audit.score === 1 ? 'passed' : 'failed';
  return audit.score >= 0.9 ? 'passed' : audit.score >= 0.5 ? 'warning' : 'failed';
}

function ensureLighthouse(): void {
  if (existsSync(LIGHTHOUSE_CLI)) return;
  console.info('installing Lighthouse 12 into bench/lighthouse (once)…');
  const result = spawnSync('npm', ['ci', '--prefix', LIGHTHOUSE_DIR, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm ci of bench/lighthouse failed');
}

/** The goals of issue 23 (checkup cost), as ratios to Lighthouse's medians and inner milliseconds. */
const GOALS = { wall: 0.2, memory: 0.5, nonBrowserMs: 300 };

/**
 * A full checkup (Chromium included) of the well-made fixture page against Lighthouse 12 on the
 * same page, alternating, plus our checkup without the browser and a checkup through a kept-warm
 * process (one Chromium kept by the engine's browser pool, as the server's workers run); then the
 * verdicts side by side.
 */
export async function benchCheckup({ rounds }: { rounds: number }): Promise<void> {
  ensureLighthouse();
  const site = await startSite('well-made');
  const url = `${site.origin}/`;
  const env = { FETCH_ALLOW_PRIVATE: site.allow, CHROMIUM_PATH: CHROMIUM, CHROME_PATH: CHROMIUM };
  const sitelens = (browser: boolean) =>
    measure(
      process.execPath,
      [
        path.join(ROOT, 'packages/engine/bin/sitelens-check.js'),
        url,
        '--json',
        ...(browser ? [] : ['--no-browser']),
      ],
      env,
    );
  const out = mkdtempSync(path.join(tmpdir(), 'sitelens-lh-'));
  let retries = 0;
  // Lighthouse 12 on a newer Chromium now and then loses the trace (NO_NAVSTART); run it again.
  const lighthouse = async (i: number): Promise<Run> => {
    for (let attempt = 1; ; attempt++) {
      const run = await lighthouseOnce(i);
      if (run.code === 0 || attempt === 3) return run;
      retries++;
    }
  };
  const lighthouseOnce = (i: number) =>
    measure(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        url,
        '--output=json',
        `--output-path=${path.join(out, `lh-${i}.json`)}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        '--only-categories=performance,seo,best-practices',
        '--quiet',
      ],
      env,
    );

  const warm = startWarmCheckups(env);
  try {
    console.info(`checkup: ${rounds} rounds, alternating, on ${url}; warming up…`);
    await sitelens(true);
    await lighthouse(0);
    // The warm process's first checkup launches its Chromium; the rounds find it running.
    await warm.run(url);
    const rows: { full: Run; lite: Run; lh: Run; kept: WarmRun; keptLite: WarmRun }[] = [];
    for (let i = 1; i <= rounds; i++) {
      const full = await sitelens(true);
      const lh = await lighthouse(i);
      const lite = await sitelens(false);
      const kept = await warm.run(url);
      const keptLite = await warm.run(url, false);
      if (full.code !== 0 || lite.code !== 0 || lh.code !== 0) throw new Error(`a run failed (round ${i})`);
      rows.push({ full, lite, lh, kept, keptLite });
      console.info(
        ` round ${i}: sitelens ${full.wallMs.toFixed(0)} ms / ${full.peakMb.toFixed(0)} MB, lighthouse ${lh.wallMs.toFixed(0)} ms / ${lh.peakMb.toFixed(0)} MB, sitelens --no-browser ${lite.wallMs.toFixed(0)} ms, warm ${kept.wallMs.toFixed(0)} ms / ${kept.peakMb.toFixed(0)} MB`,
      );
    }
    const med = (pick: (r: (typeof rows)[number]) => number) => median(rows.map(pick));
    const cold = [med((r) => r.full.wallMs), med((r) => r.full.peakMb)] as const;
    const kept = [med((r) => r.kept.wallMs), med((r) => r.kept.peakMb)] as const;
    const peer = [med((r) => r.lh.wallMs), med((r) => r.lh.peakMb)] as const;
    const table = [
      ['sitelens-check (cold CLI)', ...cold],
      ['sitelens (warm process)', ...kept],
      ['sitelens --no-browser', med((r) => r.lite.wallMs), med((r) => r.lite.peakMb)],
      ['lighthouse 12', ...peer],
    ] as const;
    console.info(`\n ${'median of'.padEnd(26)} ${'wall ms'.padStart(9)} ${'peak MB'.padStart(9)}`);
    for (const [name, wall, mb] of table)
      console.info(` ${name.padEnd(26)} ${wall.toFixed(0).padStart(9)} ${mb.toFixed(0).padStart(9)}`);
    const verdict = (ratio: number, goal: number) =>
      `${ratio.toFixed(3)}  (goal ≤ ${goal}${ratio <= goal ? ', met' : ', not met'})`;
    console.info('\n ratios sitelens/lighthouse (medians):');
    console.info(`  cold CLI, spawn to exit:     wall ${verdict(cold[0] / peer[0], GOALS.wall)}`);
    console.info(`                               memory ${verdict(cold[1] / peer[1], GOALS.memory)}`);
    console.info(`  warm process, one checkup:   wall ${verdict(kept[0] / peer[0], GOALS.wall)}`);
    console.info(`                               memory ${verdict(kept[1] / peer[1], GOALS.memory)}`);
    // Our --json duration_ms is the checkup itself, without Node's start-up.
    const innerMet = (ms: number) =>
      `goal < ${GOALS.nonBrowserMs}${ms < GOALS.nonBrowserMs ? ', met' : ', not met'}`;
    const inner = median(rows.map((r) => JSON.parse(r.lite.stdout).duration_ms as number));
    const innerWarm = median(rows.map((r) => r.keptLite.durationMs));
    console.info(' non-browser checks inside the process (median duration_ms):');
    console.info(`  cold CLI (its first checkup):  ${inner} ms  (${innerMet(inner)})`);
    console.info(`  warm process (a later one):    ${innerWarm} ms  (${innerMet(innerWarm)})`);
    // The warm process must judge the page as the CLI does.
    const cliStatuses = JSON.parse(rows.at(-1)!.full.stdout) as {
      checks: Record<string, { status: string }>;
    };
    const warmStatuses = rows.at(-1)!.kept.statuses;
    const differing = Object.keys(warmStatuses).filter(
      (key) =>
        (warmStatuses[key] === 'error' ? 'skipped' : warmStatuses[key]) !== cliStatuses.checks[key]?.status,
    );
    console.info(
      ` warm process and CLI agree on ${Object.keys(warmStatuses).length - differing.length} of ${Object.keys(warmStatuses).length} checks${differing.length ? ` (differ: ${differing.join(', ')})` : ''}`,
    );

    printAgreement('well-made', rows.at(-1)!.full.stdout, path.join(out, `lh-${rounds}.json`));

    // The same table for the neglected site, where there is more to disagree about (not timed).
    const neglected = await startSite('neglected');
    try {
      const nUrl = `${neglected.origin}/`;
      const nEnv = { ...env, FETCH_ALLOW_PRIVATE: neglected.allow };
      const ourRun = await measure(
        process.execPath,
        [path.join(ROOT, 'packages/engine/bin/sitelens-check.js'), nUrl, '--json'],
        nEnv,
      );
      const lhPath = path.join(out, 'lh-neglected.json');
      for (let attempt = 1; attempt <= 3; attempt++) {
        const run = await measure(
          process.execPath,
          [
            LIGHTHOUSE_CLI,
            nUrl,
            '--output=json',
            `--output-path=${lhPath}`,
            `--chrome-flags=${CHROME_FLAGS}`,
            '--only-categories=performance,seo,best-practices',
            '--quiet',
          ],
          nEnv,
        );
        if (run.code === 0) break;
        retries++;
      }
      printAgreement('neglected', ourRun.stdout, lhPath);
    } finally {
      await neglected.close();
    }
    if (retries > 0) console.info(` (Lighthouse runs repeated after a lost trace: ${retries})`);
    console.info('');
  } finally {
    await warm.stop();
    rmSync(out, { recursive: true, force: true });
    await site.close();
  }
}

/** Our verdict beside Lighthouse's for the checks both have. */
function printAgreement(site: string, ourJson: string, lighthouseJson: string): void {
  const ours = JSON.parse(ourJson) as { checks: Record<string, { status: Verdict }> };
  const theirs = JSON.parse(readFileSync(lighthouseJson, 'utf8')) as {
    audits: Record<string, { score: number | null; scoreDisplayMode: string }>;
  };
  console.info(
    `\n ${site} site\n ${'check'.padEnd(20)} ${'lighthouse audit'.padEnd(26)} ${'sitelens'.padEnd(9)} ${'lighthouse'.padEnd(10)}`,
  );
  let same = 0;
  let compared = 0;
  for (const [key, audit] of AGREEMENT) {
    const a = ours.checks[key]?.status ?? 'n/a';
    const b = lighthouseVerdict(theirs.audits[audit]);
    if (b !== 'n/a') {
      compared++;
      if (a === b) same++;
    }
    console.info(
      ` ${key.padEnd(20)} ${audit.padEnd(26)} ${a.padEnd(9)} ${b.padEnd(10)}${a === b || b === 'n/a' ? '' : '  ≠'}`,
    );
  }
  console.info(`\n agreement on the ${site} site: ${same} of ${compared} checks both tools judged`);
}
