import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveReason,
  hasChromium,
  launchBrowser,
  openUserMenu,
  type RunningServer,
  startServer,
} from './harness';
import { fillCard } from './payment';

const EMAIL = 'ada@example.test';

describe.skipIf(!hasChromium)('an account, from registration to deletion, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('pageerror', (error) => errors.push(String(error)));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const passHumanCheck = async () => {
    await page.getByText("I'm not a robot").click();
    await page.getByText('Verified').waitFor({ timeout: 20_000 });
  };
  const toast = (text: string) => page.locator('.ant-notification').getByText(text).waitFor();
  const signOut = async () => {
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign in to Sitelens' }).waitFor();
  };
  const signIn = async (password: string) => {
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(password);
    await passHumanCheck();
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('sends a visitor without a session from a guarded page to sign-in', async () => {
    await page.goto(`${server.url}/user/account/profile`);
    await page.getByRole('heading', { name: 'Sign in to Sitelens' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('registers, with the form checking every field first', async () => {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your Sitelens account' }).waitFor();
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Repeat password').fill('abd');
    await passHumanCheck();
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'Please enter a valid email',
      'Between 6 and 128 characters',
      'Passwords need to match',
      'You must agree with our terms and conditions!',
    ]) {
      await page.getByText(message).first().waitFor();
    }
    await page.getByLabel('E-mail').fill('Ada@Example.test');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Password', { exact: true }).fill('analytical-engine');
    await page.getByLabel('Repeat password').fill('analytical-engine');
    await page.getByText('I agree with the terms and conditions').click();
    await page.getByRole('button', { name: 'Create account' }).click();
    // A new account has no plan yet: the free trial comes first, then the account setup.
    await page.getByRole('heading', { name: '7-Day Full Service Free Trial' }).waitFor();
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.getByRole('heading', { name: 'Welcome to Your SEO Toolbox!' }).waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByText('Welcome, Ada Lovelace').waitFor();
    expect(await page.getByTestId('sidebar-user').textContent()).toContain(EMAIL);
  });

  it('keeps the session across a reload, and sends a signed-in visitor from sign-in to the dashboard', async () => {
    await page.reload();
    await page.getByText('Welcome, Ada Lovelace').waitFor();
    await page.goto(`${server.url}/auth/login`);
    await page.getByText('Welcome, Ada Lovelace').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('signs out, refuses a wrong password, and signs in again', async () => {
    await signOut();
    await signIn('wrong-password');
    await toast('Invalid email or password!');
    expect(await page.getByText("I'm not a robot").isVisible()).toBe(true); // the check was reset
    await page.getByLabel('Password').fill('analytical-engine');
    await passHumanCheck();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Welcome, Ada Lovelace').waitFor();
  });

  it('changes the name', async () => {
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    await page.getByLabel('First name').fill('Augusta Ada');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast('Your account was successfully updated!');
    expect(await page.getByRole('button', { name: 'User menu' }).textContent()).toContain(
      'Augusta Ada Lovelace',
    );
  });

  it('changes the password after confirming the current one', async () => {
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('textbox', { name: 'Current password' }).fill('not-it-at-all');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Password provided is incorrect').waitFor();
    await toast('Your current password is incorrect');
    await page.getByRole('textbox', { name: 'Current password' }).fill('analytical-engine');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel('New password', { exact: true }).fill('difference-engine');
    await page.getByLabel('Repeat the new password').fill('difference-engine');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast('You successfully changed your password!');
  });

  it('resets a forgotten password through the link of the e-mail', async () => {
    await signOut();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('E-mail').fill(EMAIL);
    await passHumanCheck();
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await toast('A reset password email was sent to your address!');
    // The outbox's log line may trail the answer by a moment.
    await expect.poll(() => server.mailLinks(EMAIL)[0]).toMatch(/\/reset-password\/[\w-]+$/);
    const [link] = server.mailLinks(EMAIL);
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('jacquard-loom');
    await page.getByLabel('Repeat password').fill('jacquard-loom');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await toast('You successfully changed your password!');
    await page.getByText('Welcome, Augusta Ada Lovelace').waitFor();
  });

  it('invites a member, who joins in another browser, and removes them', async () => {
    const member = 'mary@example.test';
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Team Members' }).click();
    await page.getByRole('heading', { name: 'Team Members' }).waitFor();
    await page.getByLabel('E-mail to invite').fill(member);
    await page.getByRole('button', { name: 'Invite' }).click();
    await toast('The invitation was sent.');
    await page.getByText(member).waitFor();

    await expect.poll(() => server.mailLinks(member)[0]).toMatch(/\/join-team\/[\w-]+$/);
    const [link] = server.mailLinks(member);
    const other = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const invited = await other.newPage();
      await invited.goto(link!.replace(/^https?:\/\/[^/]+/, server.url));
      await invited.getByRole('heading', { name: 'Join your team on Sitelens' }).waitFor();
      await invited.getByLabel('First name').fill('Mary');
      await invited.getByLabel('Last name').fill('Somerville');
      await invited.getByLabel('Password', { exact: true }).fill('mechanism-of-heavens');
      await invited.getByLabel('Repeat password').fill('mechanism-of-heavens');
      await invited.getByText('I agree with the terms and conditions').click();
      await invited.getByText("I'm not a robot").click();
      await invited.getByText('Verified').waitFor({ timeout: 20_000 });
      await invited.getByRole('button', { name: 'Join the team' }).click();
      // A member gets the owner's plan: straight to the dashboard, with the team in the sidebar.
      await invited.getByText('Welcome, Mary Somerville').waitFor();
      expect(await invited.getByTestId('sidebar-user').textContent()).toContain(`Owner: ${EMAIL}`);
      // Billing is the owner's: a member who opens it lands on their profile, with no error and no Cancel.
      await invited.goto(`${server.url}/user/account/billing`);
      await invited.getByRole('tab', { name: 'Personal information' }).waitFor();
      expect(new URL(invited.url()).pathname).toBe('/user/account/profile');
      expect(await invited.getByRole('tab', { name: 'Billing info' }).count()).toBe(0);
      expect(await invited.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      expect(await invited.locator('.ant-alert-error, .ant-notification-notice-error').count()).toBe(0);
    } finally {
      await other.close();
    }

    await page.reload();
    const row = page.getByRole('row', { name: /Mary Somerville/ });
    await row.waitFor();
    await row.getByRole('button', { name: `Remove ${member}` }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Members (0)').waitFor();
  });

  it('deletes the account with a reason for leaving', async () => {
    await page.goto(`${server.url}/user/account/profile`);
    await page.getByRole('tab', { name: 'Delete account' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    const reasons = await dialog
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((r) => (r.closest('label')?.textContent ?? '').trim()));
    expect(reasons).toHaveLength(8);
    expect(reasons.at(-1)).toBe('I have another reason');
    await giveReason(page, dialog, 'I have another reason', '');
    expect(await confirm.isDisabled()).toBe(true); // still no comment
    await dialog.getByLabel('Comment').fill('Trying another tool for a while.');
    await confirm.click();
    await toast('Your account was successfully deleted!');
    await page.getByRole('heading', { name: 'Sign in to Sitelens' }).waitFor();
    await signIn('jacquard-loom');
    await toast('Invalid email or password!');
    expect(errors).toEqual([]);
  });
});
