import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import type { GuardedProxy } from '../net/browser-proxy';

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
    'PreloadTopChromeWebUI',
    'WebUIOmniboxPopup',
    'WebUIOmniboxFullPopup',
    'WebUIOmniboxAimPopup',
  ].join(',')}`,
];

/** Chromium's arguments behind the guarded proxy on `proxyPort`, loopback included. */
export function chromiumArgs(proxyPort: number): string[] {
  return [
    ...CHROMIUM_FLAGS,
    ...LEAN_FLAGS,
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    '--proxy-bypass-list=<-loopback>',
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
