import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../src/gather/chromium-launch';
import { startGuardedProxy } from '../src/net/browser-proxy';
import { createGuardedFetcher } from '../src/net/guarded-fetch';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI installs Chromium before the tests; a machine without it cannot run these.
const withChromium = describe.skipIf(!existsSync(CHROMIUM));

/**
 * A page with what sets Chromium's own services going: a form (autofill asks a server for its
 * fields' types), text in another language (translation), a link with a ping.
 */
function formPage(): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Commande</title></head><body>
<p>Le café est torréfié chaque matin dans notre atelier, puis expédié le jour même partout en France.</p>
<form action="/order" method="post">
<label>Nom <input name="name" autocomplete="name"></label>
<label>Courriel <input type="email" name="email"></label>
<label>Adresse <input name="address1"></label>
<label>Ville <input name="city"></label>
<label>Code postal <input name="postal"></label>
<label>Téléphone <input type="tel" name="phone"></label>
<label>Mot de passe <input type="password" name="password"></label>
<button>Commander</button>
</form>
<a href="/about" ping="/ping">À propos</a>
</body></html>`;
}

let site: { host: string; origin: string; close(): Promise<void> };

beforeAll(async () => {
  const server = http.createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formPage());
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  site = {
    host,
    origin: `http://${host}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => site.close());

/** A guarded proxy that records every `host:port` it is asked for and every name it looks up. */
async function recordingProxy(allowPrivate: string) {
  const asked: string[] = [];
  const lookups: string[] = [];
  const fetcher = createGuardedFetcher({
    allowPrivate,
    // Any name at all would have to be resolved: none may be, so the lookup answers nothing.
    lookup: async (hostname) => {
      lookups.push(hostname);
      return [];
    },
  });
  const proxy = await startGuardedProxy(fetcher, { onRequest: (authority) => asked.push(authority) });
  return { proxy, asked, lookups };
}

/**
 * Chromium as a server's checkups run it: launched behind a browser-wide guarded proxy, the page in
 * a context behind a proxy of its own. The page loads (and, with `typed`, gets text typed into a
 * field, which no checkup does), then the browser stays open `holdMs`: its background services
 * start within seconds of launch, and retry.
 */
async function observe(holdMs: number, typed = '') {
  const browserWide = await recordingProxy('');
  const checkup = await recordingProxy(site.host);
  const browser = await launchChromium(CHROMIUM, browserWide.proxy);
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      ignoreHTTPSErrors: true,
      proxy: { server: `http://127.0.0.1:${checkup.proxy.port}` },
    });
    const tab = await context.newPage();
    await tab.goto(`${site.origin}/`, { waitUntil: 'load' });
    if (typed) {
      await tab.click('input[name=name]');
      await tab.keyboard.type(typed);
    }
    await tab.waitForTimeout(holdMs);
    await context.close();
  } finally {
    await browser.close();
    await browserWide.proxy.close();
    await checkup.proxy.close();
  }
  return { browserWide, checkup };
}

withChromium("Chromium's own requests during a checkup", () => {
  it('asks the proxies for the page and nothing else: no Google service, no lookup', async () => {
    const { browserWide, checkup } = await observe(6_000);
    const hosts = (asked: string[]) => [...new Set(asked)].sort();
    expect({
      browserWide: hosts(browserWide.asked),
      checkup: hosts(checkup.asked),
      lookups: [...browserWide.lookups, ...checkup.lookups],
    }).toEqual({ browserWide: [], checkup: [site.host], lookups: [] });
    expect([...browserWide.proxy.chromiumServices, ...checkup.proxy.chromiumServices]).toEqual([]);
    expect(checkup.proxy.refused).toEqual([]);
  }, 60_000);

  it('refuses what no flag stops, the spellcheck dictionary for typed text, before any lookup', async () => {
    const { browserWide, checkup } = await observe(6_000, 'Ada');
    // Chromium's dictionary download, from the browser's own network context.
    expect(browserWide.proxy.chromiumServices).toContain('redirector.gvt1.com:443');
    expect(browserWide.asked).toEqual(browserWide.proxy.chromiumServices);
    expect(browserWide.proxy.refused).toEqual([]);
    // The page's proxy saw the page only, and nothing was looked up anywhere.
    expect([...new Set(checkup.asked)]).toEqual([site.host]);
    expect([...browserWide.lookups, ...checkup.lookups]).toEqual([]);
  }, 60_000);
});
