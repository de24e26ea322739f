import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHROMIUM_SERVICE_HOSTS,
  CHROMIUM_SIGN_IN_SINK,
  type GuardedProxy,
  isChromiumServiceHost,
  startGuardedProxy,
} from './browser-proxy';
import { createGuardedFetcher } from './guarded-fetch';

/** A CONNECT through the proxy, as Chromium opens a tunnel: the status of the answer. */
function connect(proxyPort: number, authority: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: authority });
    request.on('connect', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/** A plain http request through the proxy (an absolute URL on the request line): its status. */
function viaProxy(proxyPort: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'POST',
      path: url,
      headers: { host: new URL(url).host },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end('{}');
  });
}

let proxy: GuardedProxy | null = null;
afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

/** A proxy whose every lookup is recorded and answers a private address, so nothing is ever reached. */
async function recordingProxy() {
  const lookups: string[] = [];
  const asked: string[] = [];
  const fetcher = createGuardedFetcher({
    lookup: async (hostname) => {
      lookups.push(hostname);
      return [{ address: '10.0.0.1', family: 4 }];
    },
  });
  proxy = await startGuardedProxy(fetcher, { onRequest: (authority) => asked.push(authority) });
  return { proxy, lookups, asked };
}

describe("the browser proxy's rule for Chromium's own services", () => {
  it('refuses a CONNECT or a plain request to one without looking the name up', async () => {
    const { proxy, lookups, asked } = await recordingProxy();
    expect(await connect(proxy.port, 'update.googleapis.com:443')).toBe(403);
    expect(await viaProxy(proxy.port, 'http://update.googleapis.com/service/update2/json?cup2key=1')).toBe(
      403,
    );
    expect(await connect(proxy.port, 'content-autofill.googleapis.com:443')).toBe(403);
    expect(await connect(proxy.port, 'redirector.gvt1.com:443')).toBe(403);
    expect(await connect(proxy.port, 'r4---sn-4g5e6nsz.gvt1.com:443')).toBe(403);
    expect(await connect(proxy.port, 'safebrowsing.googleapis.com.:443')).toBe(403);
    expect(await connect(proxy.port, `${CHROMIUM_SIGN_IN_SINK}:443`)).toBe(403);

    expect(lookups).toEqual([]);
    expect(proxy.chromiumServices).toEqual([
      'update.googleapis.com:443',
      'update.googleapis.com:80',
      'content-autofill.googleapis.com:443',
      'redirector.gvt1.com:443',
      'r4---sn-4g5e6nsz.gvt1.com:443',
      'safebrowsing.googleapis.com.:443',
      `${CHROMIUM_SIGN_IN_SINK}:443`,
    ]);
    // Not the page's refusals: the report's figures for the page are what they were.
    expect(proxy.refused).toEqual([]);
    expect(asked).toEqual(proxy.chromiumServices);
  });

  it('judges the hosts pages load from as any other, accounts.google.com (Sign in with Google) too', async () => {
    const { proxy, lookups } = await recordingProxy();
    const pageHosts = [
      'accounts.google.com',
      'fonts.googleapis.com',
      'maps.googleapis.com',
      'www.gstatic.com',
      'www.google.com',
      'www.googleapis.com',
      'translate.googleapis.com',
      'gvt1.com.example',
      'notgvt1.com',
    ];
    for (const host of pageHosts) {
      // Looked up, then refused by the guard for the private answer: the usual path of a page's request.
      expect(await connect(proxy.port, `${host}:443`), host).toBe(403);
    }
    expect(await viaProxy(proxy.port, 'http://accounts.google.com/ListAccounts?json=standard')).toBe(403);
    expect(lookups).toEqual([...pageHosts, 'accounts.google.com']);
    expect(proxy.chromiumServices).toEqual([]);
    expect(proxy.refused).toHaveLength(pageHosts.length + 1);
  });

  it('matches exact names, and a whole domain only where the list says so', () => {
    expect(CHROMIUM_SERVICE_HOSTS).toContain('update.googleapis.com');
    expect(isChromiumServiceHost('UPDATE.googleapis.com.')).toBe(true);
    expect(isChromiumServiceHost('gvt1.com')).toBe(true);
    expect(isChromiumServiceHost('edgedl.me.gvt1.com')).toBe(true);
    expect(isChromiumServiceHost('xgvt1.com')).toBe(false);
    expect(isChromiumServiceHost('api.update.googleapis.com')).toBe(false);
    expect(isChromiumServiceHost('googleapis.com')).toBe(false);
    expect(isChromiumServiceHost('accounts.google.com')).toBe(false);
  });
});
