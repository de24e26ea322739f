import { solveChallenge } from 'altcha-lib/v1';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface RegisteredUser {
  guid: string;
  email: string;
  password: string;
}

/**
 * Registers a user through the API from inside a browser context, so the session cookie lands in
 * that context and its pages open signed in (the app restores the session from the cookie). The
 * ALTCHA check is solved here exactly as the browser widget solves it.
 */
export async function registerInContext(
  context: BrowserContext,
  baseUrl: string,
  user: { email: string; f_name?: string; l_name?: string; password?: string },
): Promise<RegisteredUser> {
  const password = user.password ?? 'correct horse battery';
  const token = await humanCheckToken(context, baseUrl);
  const response = await context.request.post(`${baseUrl}/api/user`, {
    data: {
      email: user.email,
      f_name: user.f_name ?? 'Ada',
      l_name: user.l_name ?? 'Lovelace',
      pw: password,
      recaptcha_token: token,
    },
  });
  if (response.status() !== 201) {
    throw new Error(`Registration failed: ${response.status()} ${await response.text()}`);
  }
  const { guid } = (await response.json()) as { guid: string };
  return { guid, email: user.email, password };
}

/**
 * A page signed in as a newly registered `user`, in a context of its own, on the free trial unless
 * `trial` is false. Uncaught page errors go to `errors`, which the tests assert stay empty.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  user: { email: string; f_name: string; l_name: string },
  options: {
    viewport: { width: number; height: number };
    acceptDownloads?: boolean;
    trial?: boolean;
    /** The plan of the free trial (default pro-monthly). */
    plan?: string;
    errors?: string[];
  },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport,
    acceptDownloads: options.acceptDownloads ?? false,
  });
  await registerInContext(context, baseUrl, user);
  if (options.trial ?? true) await startTrialInContext(context, baseUrl, user.email, options.plan);
  const page = await context.newPage();
  const { errors } = options;
  if (errors) page.on('pageerror', (error) => errors.push(String(error)));
  return page;
}

/** The access token of a context's session (its cookie is refreshed, as the web app does on load). */
export async function accessToken(context: BrowserContext, baseUrl: string): Promise<string> {
  const response = await context.request.post(`${baseUrl}/api/auth/refresh`);
  if (response.status() !== 200) throw new Error(`Refresh failed: ${response.status()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Starts the free trial with the sandbox's success card, through the API, for a context's user. */
export async function startTrialInContext(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  planCode = 'pro-monthly',
): Promise<void> {
  const headers = { authorization: `Bearer ${await accessToken(context, baseUrl)}` };
  const card = await context.request.post(`${baseUrl}/api/billing/sandbox/tokens`, {
    headers,
    data: {
      number: '4111111111111111',
      month: 12,
      year: 2035,
      cvv: '123',
      first_name: 'Ada',
      last_name: 'Lovelace',
      zip: '10001',
    },
  });
  if (card.status() !== 201) throw new Error(`Card token failed: ${card.status()} ${await card.text()}`);
  const subscription = await context.request.post(`${baseUrl}/api/subscription`, {
    headers,
    data: {
      token: ((await card.json()) as { id: string }).id,
      user_email: email,
      payment_method: 'credit_card',
      plan_code: planCode,
    },
  });
  if (subscription.status() !== 201)
    throw new Error(`Free trial failed: ${subscription.status()} ${await subscription.text()}`);
}

/** A solved human check for the installation's kind, exactly as the browser widget solves ALTCHA. */
async function humanCheckToken(context: BrowserContext, baseUrl: string): Promise<string> {
  const config = (await (await context.request.get(`${baseUrl}/api/app-config`)).json()) as {
    human_check: { kind: string };
  };
  let token = '';
  if (config.human_check.kind === 'altcha') {
    const challenge = (await (await context.request.get(`${baseUrl}/api/human-check/challenge`)).json()) as {
      algorithm: string;
      challenge: string;
      salt: string;
      signature: string;
      maxnumber?: number;
    };
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    if (!solution) throw new Error('The ALTCHA challenge had no solution');
    token = Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
  } else if (config.human_check.kind !== 'off') {
    throw new Error(`Cannot pass the ${config.human_check.kind} human check from a test`);
  }
  return token;
}

/** Invites `email` into the owner's team through the API; answers the invitation token from the mail. */
export async function inviteInContext(
  owner: BrowserContext,
  baseUrl: string,
  email: string,
  mailLinks: (to: string) => string[],
): Promise<string> {
  const headers = { authorization: `Bearer ${await accessToken(owner, baseUrl)}` };
  const response = await owner.request.post(`${baseUrl}/api/organization/invite`, {
    headers,
    data: { email },
  });
  if (response.status() !== 201)
    throw new Error(`Invitation failed: ${response.status()} ${await response.text()}`);
  for (let tries = 0; tries < 50; tries++) {
    const link = mailLinks(email).find((l) => l.includes('/join-team/'));
    if (link) return link.split('/join-team/')[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No invitation mail to ${email}`);
}

/** Accepts an invitation through the API from a fresh context, which then holds the member's session. */
export async function joinInContext(
  context: BrowserContext,
  baseUrl: string,
  invitationToken: string,
  names: { f_name: string; l_name: string },
): Promise<void> {
  const response = await context.request.post(`${baseUrl}/api/organization/member`, {
    data: {
      ...names,
      pw: 'correct horse battery',
      invitation_token: invitationToken,
      recaptcha_token: await humanCheckToken(context, baseUrl),
    },
  });
  if (response.status() !== 201)
    throw new Error(`Joining failed: ${response.status()} ${await response.text()}`);
}
