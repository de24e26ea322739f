import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { CHROMIUM_SIGN_IN_SINK, type GuardedProxy } from '../net/browser-proxy';

/**
 * Flags this closed network and a checkup need; background traffic off, QUIC off (it would bypass
 * the proxy), WebRTC's UDP off so ICE goes through the proxy or nowhere. The WebRTC switch is
 * `webrtc-ip-handling-policy`: Chromium ignores the `force-` spelling often quoted for it.
 */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Fewer processes for one page at a time, measured on the well-made page (summed RSS of the tree,
 * 1,130 MB before, 645 MB after): no zygotes (the sandbox is already off, which --no-zygote
 * requires), the GPU process's compositor inside the browser process, one renderer process, the
 * network service inside the browser process, and no renderer preloaded for the omnibox popup and
 * other browser-window WebUI a headless page never shows (each ~190 MB). The proxy and WebRTC
 * settings belong to the network context, so they hold in-process as they do out of it (the
 * browser SSRF tests run with these flags).
 */
const LEAN_FLAGS = [
  '--no-zygote',
  '--in-process-gpu',
  '--renderer-process-limit=1',
  // With the GPU off, SwiftShader need not be loaded for a compositor that rasterises in software.
  '--disable-software-rasterizer',
  // Chromium keeps only the last of a repeated --enable-features or --disable-features, so these
  // repeat playwright-core 1.65's own lists (chromiumSwitches.ts) before ours.
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies,NetworkServiceInProcess2',
  `--disable-features=${[
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'TcpPortRandomizationWin',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    // Ours from here. No form's field types asked of content-autofill.googleapis.com.
    'AutofillServerCommunication',
    'PreloadTopChromeWebUI',
    'WebUIOmniboxPopup',
    'WebUIOmniboxFullPopup',
    'WebUIOmniboxAimPopup',
  ].join(',')}`,
];

/**
 * Chromium's own requests that the switches above leave on, each seen at the proxy during a checkup
 * on Chromium 156 (none of them the page's):
 * - update.googleapis.com: at every start the component updater asks for the on-device AI models'
 *   manifest, --disable-component-update or not. The manifest is read from an empty file instead.
 * - accounts.google.com/ListAccounts, at start and then retried with backoff. No switch or feature
 *   of this version stops it (playwright-core's SkipListAccountsWithoutGaiaCookies is not in it, nor
 *   does --allow-browser-signin=false help), and the proxy cannot refuse the host, which pages load
 *   "Sign in with Google" from. So Chromium's Google sign-in is moved to a reserved name that skips
 *   the proxy and that the host resolver answers "not found" itself: no request, no DNS query.
 * - content-autofill.googleapis.com, for every page with a form: AutofillServerCommunication, in
 *   --disable-features below.
 * Not seen here, and off at no cost: Domain Reliability beacons, hyperlink-auditing pings, crash
 * reports, metrics uploads, default apps (playwright-core passes the last three too).
 * --disable-client-side-phishing-detection and --safebrowsing-disable-auto-update are not in this
 * Chromium. What no flag stops (the spellcheck dictionary, fetched once text is typed into a field,
 * which a checkup never does) the proxy refuses: CHROMIUM_SERVICE_HOSTS in net/browser-proxy.ts.
 */
const QUIET_FLAGS = [
  '--optimization-guide-manifest-override=/dev/null',
  `--gaia-url=https://${CHROMIUM_SIGN_IN_SINK}`,
  `--host-resolver-rules=MAP ${CHROMIUM_SIGN_IN_SINK} ~NOTFOUND`,
  '--disable-domain-reliability',
  '--no-pings',
  '--disable-breakpad',
  '--metrics-recording-only',
  '--disable-default-apps',
];

/** Chromium's arguments behind the guarded proxy on `proxyPort`, loopback included. */
export function chromiumArgs(proxyPort: number): string[] {
  return [
    ...CHROMIUM_FLAGS,
    ...QUIET_FLAGS,
    ...LEAN_FLAGS,
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    // Loopback goes through the proxy; only the sign-in sink skips it, to be answered "not found".
    `--proxy-bypass-list=<-loopback>;${CHROMIUM_SIGN_IN_SINK}`,
  ];
}

/**
 * playwright-core, loaded on first use: ~85 MB and ~300 ms that a run without the browser never
 * needs. It is required, not imported: an ESM import of this CommonJS bundle first scans its
 * 3 MB for export names (~170 ms of cjs-module-lexer), a require does not.
 */
function loadPlaywright(): typeof import('playwright-core') {
  return createRequire(import.meta.url)('playwright-core');
}

/** Launches Chromium behind `proxy`. */
export async function launchChromium(executablePath: string, proxy: GuardedProxy): Promise<Browser> {
  const { chromium } = loadPlaywright();
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs(proxy.port) });
}
