import { solveChallenge } from 'altcha-lib/v1';
import type { BrowserContext } from 'playwright-core';

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
