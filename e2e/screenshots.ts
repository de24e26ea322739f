// `npm run screenshots`: a PNG of every routed screen, and of the shell's states, at desktop and
// phone sizes, into screenshots/ — to look at before calling a screen done.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENS } from '../apps/web/src/screens';
import { hasChromium, launchBrowser, ROOT, SKIP_LINE, startServer } from './harness';
import { fillCard } from './payment';
import { inviteInContext, joinInContext, registerInContext, startTrialInContext } from './session';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

interface Shot {
  name: string;
  path: string;
  /** Guarded screens are taken signed in; public ones (sign-in and friends) as a visitor. */
  signedIn: boolean;
  /** A user who has not chosen a plan yet (the free trial is their only screen). */
  newcomer?: boolean;
  /** Brings the page into the state to capture, after it has loaded. */
  prepare?(page: Page, width: number): Promise<void>;
}

const shots: Shot[] = [
  ...SCREENS.map((screen) => ({
    name: slug(screen.example ?? screen.path),
    path: screen.example ?? screen.path,
    signedIn: screen.access === 'guarded',
    newcomer: screen.path === '/free-trial-setup',
  })),
  {
    name: 'billing-3d-secure',
    path: '/user/account/billing',
    signedIn: true,
    async prepare(page) {
      await page.getByRole('tab', { name: 'Payment method' }).click();
      await fillCard(page, '4000 0000 0000 3220', { terms: false });
      await page.getByRole('button', { name: 'Save payment method' }).click();
      await page.getByText('Your bank requires authentication using 3D Secure').waitFor();
    },
  },
  {
    name: 'billing-payment-method',
    path: '/user/account/billing',
    signedIn: true,
    async prepare(page) {
      await page.getByRole('tab', { name: 'Payment method' }).click();
      await page.getByText('•••• 1111').waitFor();
    },
  },
  {
    name: 'plans-cancel-dialog',
    path: '/subscription/plans',
    signedIn: true,
    async prepare(page) {
      await page.getByTestId('plan-pro-monthly').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'not-found', path: '/this/page/does-not-exist', signedIn: true },
  { name: 'not-found-visitor', path: '/this/page/does-not-exist', signedIn: false },
  {
    name: 'sidebar-toggled',
    path: '/dashboard',
    signedIn: true,
    async prepare(page, width) {
      await page.getByRole('button', { name: width > 768 ? 'Collapse sidebar' : 'Open menu' }).click();
      await page.waitForTimeout(400);
    },
  },
];

function slug(route: string): string {
  return (
    route
      .replace(/^\/+|\/+$/g, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .toLowerCase() || 'home'
  );
}

async function main(): Promise<void> {
  if (!hasChromium) {
    console.info(SKIP_LINE);
    return;
  }
  const outDir = path.join(ROOT, 'screenshots');
  mkdirSync(outDir, { recursive: true });
  const server = await startServer({ CONTACT_EMAIL: 'support@example.com' });
  const browser = await launchBrowser();
  try {
    const signedIn = await browser.newContext();
    await registerInContext(signedIn, server.url, { email: 'ada@example.com' });
    await startTrialInContext(signedIn, server.url, 'ada@example.com');
    // A team with a member and a pending invitation, for the team page.
    const member = await browser.newContext();
    const invitation = await inviteInContext(signedIn, server.url, 'mary@example.com', server.mailLinks);
    await joinInContext(member, server.url, invitation, { f_name: 'Mary', l_name: 'Somerville' });
    await member.close();
    await inviteInContext(signedIn, server.url, 'charles@example.com', server.mailLinks);
    const newcomer = await browser.newContext();
    await registerInContext(newcomer, server.url, {
      email: 'grace@example.com',
      f_name: 'Grace',
      l_name: 'Hopper',
    });
    for (const shot of shots) {
      for (const { width, height } of SIZES) {
        const page = shot.newcomer
          ? await newcomer.newPage()
          : shot.signedIn
            ? await signedIn.newPage()
            : await browser.newPage();
        await page.setViewportSize({ width, height });
        await page.goto(`${server.url}${shot.path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        // Lazy screens and the session restore show a spinner first.
        await page.locator('.page-loading').waitFor({ state: 'detached' });
        await shot.prepare?.(page, width);
        const file = path.join(outDir, `${shot.name}-${width}.png`);
        await page.screenshot({ path: file });
        await page.close();
        console.info(path.relative(ROOT, file));
      }
    }
  } catch (error) {
    // What the server said explains most failures here (a crash, a failed migration).
    console.error(server.output().split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
