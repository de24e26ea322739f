import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@sitelens/server/src/test/processes';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { accessToken } from './session';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
export const SKIP_LINE = `e2e skipped: Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`;

export interface RunningServer {
  url: string;
  output(): string;
  /** The links of the last mail to `to`, from the outbox's log line (what a local user follows). */
  mailLinks(to: string): string[];
  /** Stops the server; `keepData` leaves its database for a restart on the same `dataDir`. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
  dataDir: string;
}

/** The servers this file has started and not stopped: a failed test prints the end of their logs. */
export const runningServers = new Set<RunningServer>();

/** Starts the real product (`sitelens start`) on a free port with a fresh embedded database. */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? freshDataDir();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/bin/sitelens.js'), 'start'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Fixture sites count the requests they get: no uptime checks unless a test asks for them.
      PROBE_REGIONS: 'none',
      // The address the browser uses: links in mails and Google's OAuth redirect come back to it
      // (the server's own default, localhost, is another origin, without the session's cookie).
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForHealth(url, child, () => output);
  const server: RunningServer = {
    url,
    dataDir,
    output: () => output,
    mailLinks(to) {
      const mails = output
        .split('\n')
        .filter((line) => line.includes('"links"'))
        .map((line) => JSON.parse(line) as { to: string; links: string[] })
        .filter((mail) => mail.to === to);
      return mails.at(-1)?.links ?? [];
    },
    async stop({ keepData = false } = {}) {
      runningServers.delete(server);
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = child.exitCode ?? ((await once(child, 'exit'))[0] as number | null);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  runningServers.add(server);
  return server;
}

/**
 * A new data folder for one server: a copy of the run's migrated template when there is one
 * (starting on it takes a third of the time of migrating a fresh PGlite), else an empty folder.
 */
export function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitelens-e2e-'));
  // Set by the e2e global setup; absent (npm run screenshots), each server migrates its own.
  const template = process.env.SITELENS_E2E_DATA_TEMPLATE;
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Debian's Chromium through playwright-core, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const tmp = path.join(tmpdir(), 'sitelens-playwright');
  mkdirSync(tmp, { recursive: true });
  process.env.TMPDIR = tmp;
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sitelens exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`sitelens did not become healthy:\n${output()}`);
}

/** Runs a `sitelens` command on a server's database (the server stopped) and answers its output. */
export function runCli(dataDir: string, args: string[]): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'apps/server/bin/sitelens.js'), ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/** Waits for running transitions to end (never for an endless one, such as a spinner's). */
export const settledIn = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/**
 * FETCH_CONNECT_TO entries that send port 80 of `domain` to a fixture on 127.0.0.1, and https and
 * www. to a closed port, so the domain setup falls back to http://{domain}/.
 */
export const connectTo = (domain: string, port: number) =>
  [
    `${domain}:80:127.0.0.1:${port}`,
    `${domain}:443:127.0.0.1:9`,
    `www.${domain}:80:127.0.0.1:9`,
    `www.${domain}:443:127.0.0.1:9`,
  ].join(',');

/**
 * Pictures are for people to look at (`npm run screenshots` sets SCREENSHOTS=1 and runs this suite
 * too); a plain test run asserts what they would show and takes none.
 */
export const TAKING_PICTURES = process.env.SCREENSHOTS === '1';

/** `target.screenshot(options)` when pictures are being taken, else nothing. */
export async function picture(
  target: Pick<Page, 'screenshot'> | Pick<Locator, 'screenshot'>,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (TAKING_PICTURES) await (target as Pick<Page, 'screenshot'>).screenshot(options);
}

/** Resizes the window and waits until the page has laid itself out at that width. */
export async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  // Two frames: the resize's listeners (breakpoints) have run and React has painted what they set.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await settledIn(page);
}

/** Asserts that nothing on the page sticks out sideways at the window's width. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${what} is wider than the window`,
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

/**
 * Checks a page at 1440 and at 375 px (nothing may stick out sideways at 375), and takes its
 * picture at both into `dir` when pictures are being taken (`fullPage`: the whole page).
 */
export function screenshotter(page: () => Page, dir: string) {
  return async (name: string, { fullPage = false, focus }: { fullPage?: boolean; focus?: Locator } = {}) => {
    const current = page();
    await settledIn(current);
    await focus?.scrollIntoViewIfNeeded();
    await picture(current, { path: path.join(dir, `${name}-1440.png`), fullPage });
    await resizeTo(current, 375, 812);
    // A part of a long screen is looked at where it is, at either width.
    await focus?.scrollIntoViewIfNeeded();
    await picture(current, { path: path.join(dir, `${name}-375.png`), fullPage });
    await expectNoSidewaysScroll(current, `${name} at 375 px`);
    await resizeTo(current, 1440, 900);
  };
}

/**
 * How often a test reloads a screen to ask again for a state it waits for: each reload refreshes the
 * session, which the server allows 300 times a minute per address (a reload every 250 ms ran into
 * it during a long crawl), and the server needs room to do the work waited for.
 */
export const POLL_MS = 1_000;

/** Reloads `page` until `ready` holds: the screens poll every 5 to 30 s or more, a reload asks at once. */
export async function reloadUntil(
  page: Page,
  ready: () => Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the screen');
    await page.waitForTimeout(POLL_MS);
    await page.reload();
  }
}

/**
 * On a Deep Analysis screen (`?w_guid=`): asks the API, as the page's own session, until the website
 * is in Deep Analysis (its setup and sitemap import done) and none of its processes runs, then
 * reloads the screen, so that what follows reads the overview after the last one ended. Asked
 * directly, not through the screen's own call: a reloaded screen that made its call before the wait
 * for it began, once beside the server suite, left the wait to its end. A wait that ends says the
 * website's status and what still ran, to tell a slow crawl from a stuck one.
 */
export async function untilCrawlsEnd(page: Page, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const url = new URL(page.url());
  const w = url.searchParams.get('w_guid');
  if (!w) throw new Error(`untilCrawlsEnd needs a Deep Analysis screen with its w_guid, not ${page.url()}`);
  const api = page.context().request;
  const access_token = await accessToken(page.context(), url.origin);
  const read = async (path: string) => {
    const res = await api.get(`${url.origin}/api${path}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    return res.ok() ? await res.json() : `${res.status()} ${await res.text()}`;
  };
  for (;;) {
    const website = (await read(`/website-index/${w}`)) as { status?: string };
    const running = await read(`/on-page-seo/active?w_guid=${w}`);
    if (website.status === 'completed' && Array.isArray(running) && running.length === 0) break;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for the crawl to end; the website is ${website.status ?? JSON.stringify(website)}, still running: ${JSON.stringify(running)}`,
      );
    await page.waitForTimeout(POLL_MS);
  }
  await page.reload();
}

/**
 * In the reasons dialog (cancelling a subscription, deleting an account): waits for it to settle,
 * picks `reason` until it is checked and writes `comment`. A radio clicked while the dialog still
 * zoomed into place missed, once, beside the server suite, and its confirm button stayed disabled.
 */
export async function giveReason(
  page: Page,
  dialog: Locator,
  reason: string,
  comment: string,
): Promise<void> {
  await dialog.waitFor();
  await settledIn(page);
  const radio = dialog.getByRole('radio', { name: reason });
  await expect
    .poll(async () => {
      if (!(await radio.isChecked())) await dialog.getByText(reason, { exact: true }).click();
      return radio.isChecked();
    })
    .toBe(true);
  await dialog.getByLabel('Comment').fill(comment);
}

/**
 * Opens the user menu and waits until it has settled: shown, and its opening motion over. An item
 * clicked while the menu still moves into place can miss it on a busy machine (the menu stayed
 * open and Logout did nothing, once, beside the server suite and a busy core).
 */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
  await menu.waitFor();
  // Its motion classes (…-appear, …-enter) stay on from the motion's start to its end; then its
  // animations (and any other finite one) are waited out.
  await expect
    .poll(() => menu.evaluate((element) => /-(appear|enter)\b/.test(element.className)))
    .toBe(false);
  await settledIn(page);
}
