import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';
import type { BrowserArtifact, NetworkEntry, RenderedAnchor, RenderedImage } from '../artifacts';
import { startGuardedProxy } from '../net/browser-proxy';
import {
  ANCHOR_NODES_FUNCTION,
  COLLECT_SCRIPT,
  DESCRIBE_ANCHORS_FUNCTION,
  NO_WEBRTC_SCRIPT,
  READ_SCRIPT,
} from './browser-page-scripts';
import type { BrowserLease } from './browser-pool';
import { launchChromium } from './chromium-launch';
import { ArtifactUnavailable, type GatherContext } from './context';
import { filmstripSpeedIndex, recordFilmstrip } from './speed-index';

/** Defaults an operator may tune. */
export const browserDefaults = {
  chromiumPath: '/usr/bin/chromium',
  /** The whole run, launch to close (the hard budget). */
  budgetMs: 60_000,
  navigationTimeoutMs: 30_000,
  /** Quiet network wait after load, so late requests and shifts are seen. */
  settleMs: 2_000,
  mobile: { width: 412, height: 823, deviceScaleFactor: 2.625 },
  desktop: { width: 1350, height: 940 },
  /** Anchors whose event listeners are read over the DevTools protocol. */
  maxAnchors: 500,
};

export { chromiumArgs } from './chromium-launch';

let webVitalsSource: string | null = null;
function webVitalsScript(): string {
  if (!webVitalsSource) {
    // The package's exports hide the IIFE build; read it beside the resolved entry.
    const entry = createRequire(import.meta.url).resolve('web-vitals');
    webVitalsSource = readFileSync(path.join(path.dirname(entry), 'web-vitals.attribution.iife.js'), 'utf8');
  }
  return webVitalsSource;
}

/**
 * Loads the page in Chromium on a phone profile, every connection through the guarded proxy
 * (SECURITY.md A5): web vitals, console and page errors, the network log, coverage, rendered DOM,
 * image and layout facts, and mobile and desktop screenshots. One browser, one context, closed in
 * `finally`; the whole run stops at the budget.
 */
export async function gatherBrowser(context: GatherContext): Promise<BrowserArtifact> {
  if (!context.fetcher) throw new ArtifactUnavailable('The browser needs the guarded fetcher to run behind.');
  const pool = context.options.browserPool;
  const executablePath =
    pool?.chromiumPath ??
    context.options.chromiumPath ??
    process.env.CHROMIUM_PATH ??
    browserDefaults.chromiumPath;
  if (!existsSync(executablePath))
    throw new ArtifactUnavailable(
      `Not measured: Chromium was not found at ${executablePath} (set CHROMIUM_PATH).`,
    );
  const budgetMs = context.options.browserBudgetMs ?? browserDefaults.budgetMs;
  const proxy = await startGuardedProxy(context.fetcher);
  // Chromium starts while the page is still being fetched (the runner asks for this artifact
  // first); a page that is not rendered after all closes it unused.
  const starting: Promise<BrowserLease | { browser: Browser; release: null }> = pool
    ? pool.lease()
    : launchChromium(executablePath, proxy).then((browser) => ({ browser, release: null }));
  starting.catch(() => {});
  let browserContext: BrowserContext | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const budget = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ArtifactUnavailable(`The browser run took longer than ${budgetMs / 1000} s and was stopped.`),
          ),
        budgetMs,
      );
    });
    const run = (async () => {
      const page = await context.get('page');
      const url = new URL(page.finalUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new ArtifactUnavailable('Only http(s) pages are rendered.');
      // An error page's content is not judged (evaluate.ts), so it is not rendered either.
      if (page.status >= 400) throw new ArtifactUnavailable(`The page answered with HTTP ${page.status}.`);
      if (page.file) throw new ArtifactUnavailable('The address answers with a file, not an HTML page.');
      let browser: Browser;
      try {
        ({ browser } = await starting);
      } catch (error) {
        throw new ArtifactUnavailable(
          `Chromium could not be started: ${(error as Error).message.split('\n')[0]}`,
        );
      }
      // A shared browser was launched behind the pool's proxy: this checkup's context goes
      // through its own, under its own fetcher's policy.
      browserContext = await openContext(browser, context.fetcher!.userAgent, pool ? proxy.port : null);
      return renderPage(browserContext, page.finalUrl);
    })();
    return await Promise.race([run, budget]);
  } finally {
    clearTimeout(timer);
    // Nothing of this checkup (cookies, storage, cache) outlives it in a shared browser.
    await (browserContext as BrowserContext | null)?.close().catch(() => {});
    const started = await starting.catch(() => null);
    if (started?.release) started.release();
    else await started?.browser.close().catch(() => {});
    await proxy.close();
  }
}

/** The phone-profile context a page is rendered in, behind `proxyPort` when given. */
function openContext(browser: Browser, botAgent: string, proxyPort: number | null): Promise<BrowserContext> {
  const major = browser.version().split('.')[0];
  const { mobile } = browserDefaults;
  return browser.newContext({
    viewport: { width: mobile.width, height: mobile.height },
    deviceScaleFactor: mobile.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36 ${botAgent}`,
    serviceWorkers: 'block',
    acceptDownloads: false,
    ignoreHTTPSErrors: true,
    // Playwright adds <-loopback> to the bypass list, so loopback goes through the proxy too.
    ...(proxyPort === null ? {} : { proxy: { server: `http://127.0.0.1:${proxyPort}` } }),
  });
}

async function renderPage(browserContext: BrowserContext, url: string): Promise<BrowserArtifact> {
  const { desktop } = browserDefaults;
  try {
    // Every page and frame of the context, popups included; the launch flag is the other layer.
    await browserContext.addInitScript({ content: NO_WEBRTC_SCRIPT });
    const tab = await browserContext.newPage();
    const console: BrowserArtifact['console'] = [];
    const pageErrors: BrowserArtifact['pageErrors'] = [];
    tab.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      if (isTabIconFetch(message.location().url)) return;
      console.push({ type, text: message.text().slice(0, 1000), url: message.location().url || null });
    });
    tab.on('pageerror', (error) => {
      const where = /\(?((?:https?:)\/\/[^\s)]+):(\d+):\d+\)?/.exec(error.stack ?? '');
      pageErrors.push({
        message: error.message.slice(0, 1000),
        source: where?.[1] ?? null,
        line: where ? Number(where[2]) : null,
      });
    });
    const network = await recordNetwork(tab);
    await tab.addInitScript({ content: `${webVitalsScript()}\n${COLLECT_SCRIPT}` });
    await tab.coverage.startJSCoverage({ resetOnNavigation: false });
    await tab.coverage.startCSSCoverage({ resetOnNavigation: false });
    const cdp = await browserContext.newCDPSession(tab);
    await cdp.send('Performance.enable');
    const filmstrip = await recordFilmstrip(cdp);

    await tab.goto(url, { waitUntil: 'load', timeout: browserDefaults.navigationTimeoutMs });
    await tab.waitForLoadState('networkidle', { timeout: browserDefaults.settleMs }).catch(() => {});

    const frames = await filmstrip.stop();
    // Decoded while the rest is read; a filmstrip that cannot be read leaves Speed Index unmeasured.
    const speedIndex = filmstripSpeedIndex(
      frames,
      (await tab.evaluate('performance.timeOrigin')) as number,
    ).catch(() => null);
    // What leaves the page as it is is read at once (~150 ms less than one after another); the
    // reading script comes after, since it ends the page's visibility to finalise LCP and CLS.
    const [mobileShot, jsCoverage, cssCoverage, metrics, renderedHtml] = await Promise.all([
      tab.screenshot({ type: 'png' }),
      tab.coverage.stopJSCoverage(),
      tab.coverage.stopCSSCoverage(),
      cdp.send('Performance.getMetrics'),
      tab.content(),
    ]);
    const scriptSeconds = metrics.metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
    const read = (await tab.evaluate(READ_SCRIPT)) as PageReading;
    const anchors = await readAnchors(cdp).catch(() => null);

    await tab.setViewportSize(desktop);
    // One pixel per CSS pixel, as a desktop display shows it: at the phone's 2.625 density the
    // 3,544×2,468 capture cost Chromium ~120 MB and ~150 ms, and nothing reads it at that size.
    const desktopShot = await tab.screenshot({ type: 'png', scale: 'css' });

    const byScript = Object.entries(read.scripts)
      .map(([scriptUrl, ms]) => ({ url: scriptUrl, ms: Math.round(ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20);
    return {
      screenshots: { desktop: desktopShot, mobile: mobileShot },
      viewport: { ...browserDefaults.mobile },
      mobileNonBlankRatio: await nonBlankRatio(mobileShot),
      vitals: {
        lcp: read.lcp ? { ...read.lcp, duration: Math.round(read.lcp.duration) } : null,
        cls: { score: Math.round(read.cls.score * 10000) / 10000, largestEntry: read.cls.largestEntry },
        fcp: read.fcp === null ? null : Math.round(read.fcp),
        ttfb: read.ttfb === null ? null : Math.round(read.ttfb),
        tbt: read.tbt,
        loadTime: read.loadTime === null ? null : Math.round(read.loadTime),
        domContentLoaded: read.domContentLoaded === null ? null : Math.round(read.domContentLoaded),
        speedIndex: await speedIndex,
      },
      console,
      pageErrors,
      network: network.entries(),
      renderedHtml,
      jsExecution: { total_ms: Math.round(scriptSeconds * 1000), by_script: byScript },
      coverage: {
        js: jsCoverage
          .filter((e) => e.url.startsWith('http'))
          .map((e) => ({ url: e.url, total: e.source?.length ?? 0, unused: unusedJsBytes(e) })),
        css: cssCoverage
          .filter((e) => e.url.startsWith('http'))
          .map((e) => {
            const total = e.text?.length ?? 0;
            const used = e.ranges.reduce((sum, r) => sum + (r.end - r.start), 0);
            return { url: e.url, total, unused: Math.max(0, total - used) };
          }),
      },
      images: read.images,
      anchors,
      layout: read.layout,
    };
  } finally {
    await browserContext.close().catch(() => {});
  }
}

interface PageReading {
  lcp: NonNullable<BrowserArtifact['vitals']['lcp']> | null;
  cls: BrowserArtifact['vitals']['cls'];
  fcp: number | null;
  ttfb: number | null;
  tbt: number;
  loadTime: number | null;
  domContentLoaded: number | null;
  scripts: Record<string, number>;
  images: RenderedImage[];
  layout: BrowserArtifact['layout'];
}

/**
 * The page's anchors with their click and mousedown listeners, which only the DevTools protocol
 * can see (`DOMDebugger.getEventListeners` wants each node as a remote object): one call finds
 * the nodes, then their descriptions and object ids come back together, then the listener
 * requests go out at once, only for anchors without an http(s) href (about half a millisecond
 * each; a crawler follows a real href whatever a script does on click).
 */
async function readAnchors(cdp: CDPSession): Promise<RenderedAnchor[]> {
  const objectGroup = 'sitelens-anchors';
  try {
    const { result: nodes, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: `(${ANCHOR_NODES_FUNCTION})(${browserDefaults.maxAnchors})`,
      objectGroup,
    });
    if (exceptionDetails || !nodes.objectId) throw new Error('The anchors could not be listed.');
    const [described, properties] = await Promise.all([
      cdp.send('Runtime.callFunctionOn', {
        functionDeclaration: DESCRIBE_ANCHORS_FUNCTION,
        objectId: nodes.objectId,
        returnByValue: true,
      }),
      cdp.send('Runtime.getProperties', { objectId: nodes.objectId, ownProperties: true }),
    ]);
    const anchors = described.result.value as (Omit<RenderedAnchor, 'clickListener'> & { web: boolean })[];
    const ids = new Map<number, string>();
    for (const property of properties.result)
      if (/^\d+$/.test(property.name) && property.value?.objectId)
        ids.set(Number(property.name), property.value.objectId);
    return await Promise.all(
      anchors.map(async ({ web, ...anchor }, index) => {
        const objectId = ids.get(index);
        if (web || !objectId) return { ...anchor, clickListener: null };
        const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId });
        const clickListener = listeners.some(({ type }) => type === 'click' || type === 'mousedown');
        return { ...anchor, clickListener };
      }),
    );
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup }).catch(() => {});
  }
}

/**
 * Chromium's own request for the tab's icon (`/favicon.ico`, made after the page loads whether the
 * page names it or not): no file of the page, and timed by the browser, so caught by some loads and
 * not others. The console and the page's files leave it out; the favicon check judges the icon.
 */
export function isTabIconFetch(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).pathname === '/favicon.ico';
  } catch {
    return false;
  }
}

/** The network log from the DevTools protocol: type, status, protocol and sizes per request. */
async function recordNetwork(tab: Page): Promise<{ entries(): NetworkEntry[] }> {
  const cdp = await tab.context().newCDPSession(tab);
  const requests = new Map<string, NetworkEntry>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!event.request.url.startsWith('http')) return;
    if (event.type === 'Other' && isTabIconFetch(event.request.url)) return;
    requests.set(event.requestId, {
      url: event.request.url,
      type: (event.type ?? 'Other').toLowerCase(),
      status: null,
      transferBytes: 0,
      bytes: 0,
      protocol: null,
      domain: new URL(event.request.url).hostname,
      mimeType: null,
      failed: false,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.status = event.response.status;
    entry.protocol = event.response.protocol ?? null;
    entry.mimeType = event.response.mimeType ?? null;
    entry.type = (event.type ?? entry.type).toLowerCase();
  });
  cdp.on('Network.dataReceived', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.bytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.transferBytes = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.failed = true;
    entry.errorText = event.errorText;
  });
  await cdp.send('Network.enable');
  return { entries: () => [...requests.values()] };
}

/**
 * Bytes of a script no function ever ran. V8's block coverage lists ranges outermost first, each
 * inner range overriding its parent, so painting them in order gives the per-byte answer.
 */
export function unusedJsBytes(entry: {
  source?: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}): number {
  const length = entry.source?.length ?? 0;
  if (length === 0) return 0;
  const used = new Uint8Array(length);
  const ranges = entry.functions
    .flatMap((f) => f.ranges)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const range of ranges)
    used.fill(range.count > 0 ? 1 : 0, range.startOffset, Math.min(range.endOffset, length));
  let unused = 0;
  for (const byte of used) if (byte === 0) unused++;
  return unused;
}

/** Share of a screenshot's pixels that differ from its most common colour: 0 is a blank page. */
export async function nonBlankRatio(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png)
    .resize(64, 64, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<number, number>();
  const pixels = info.width * info.height;
  for (let i = 0; i < pixels; i++) {
    const key = ((data[i * 3]! >> 3) << 10) | ((data[i * 3 + 1]! >> 3) << 5) | (data[i * 3 + 2]! >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const modal = Math.max(...counts.values());
  return Math.round(((pixels - modal) / pixels) * 1000) / 1000;
}
