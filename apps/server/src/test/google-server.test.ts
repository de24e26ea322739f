import { searchconsole } from '@googleapis/searchconsole';
import { CodeChallengeMethod, JWT, OAuth2Client, type OAuth2ClientOptions } from 'google-auth-library';
import { importPKCS8, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type GoogleSearchRow,
  type GoogleServer,
  type GoogleServerOptions,
  startGoogleServer,
} from './google-server';

// biome-ignore lint/suspicious/noExplicitAny: test helpers read loosely-typed JSON answers
type Json = any;

const SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
const REDIRECT_URI = 'http://127.0.0.1:9/api/search-console/oauth/callback';
const DOMAIN = 'sc-domain:example.com';
const SHOP = 'https://shop.example.org/';
const DAY = 86_400_000;

// One day of example.com: 20 clicks and 320 impressions, one anonymized query, one video result.
const DAILY: Omit<GoogleSearchRow, 'date'>[] = [
  {
    query: 'coffee beans',
    page: 'https://example.com/beans',
    country: 'gbr',
    device: 'DESKTOP',
    clicks: 10,
    impressions: 100,
    position: 2,
  },
  {
    query: 'coffee beans',
    page: 'https://example.com/beans',
    country: 'usa',
    device: 'MOBILE',
    clicks: 5,
    impressions: 100,
    position: 4,
  },
  {
    query: 'espresso grinder',
    page: 'https://example.com/grinders',
    country: 'gbr',
    device: 'MOBILE',
    clicks: 3,
    impressions: 60,
    position: 6,
  },
  {
    query: null,
    page: 'https://example.com/beans',
    country: 'gbr',
    device: 'DESKTOP',
    clicks: 2,
    impressions: 40,
    position: 9,
  },
  {
    query: 'decaf',
    page: 'https://blog.example.com/decaf',
    country: 'deu',
    device: 'TABLET',
    clicks: 0,
    impressions: 20,
    position: 11,
    searchAppearance: ['VIDEO'],
  },
];

const exampleRows = (siteUrl: string, date: string): GoogleSearchRow[] =>
  siteUrl === DOMAIN ? DAILY.map((row) => ({ ...row, date })) : [];

let server: GoogleServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: Partial<GoogleServerOptions> = {}): Promise<GoogleServer> {
  server = await startGoogleServer({
    properties: [{ siteUrl: DOMAIN }, { siteUrl: SHOP, permissionLevel: 'siteFullUser' }],
    rows: exampleRows,
    lastDay: '2025-06-30',
    ...options,
  });
  return server;
}

const endpointsOf = (google: GoogleServer) => ({
  oauth2AuthBaseUrl: `${google.url}/o/oauth2/v2/auth`,
  oauth2TokenUrl: `${google.url}/token`,
  oauth2RevokeUrl: `${google.url}/revoke`,
});

const oauthClient = (google: GoogleServer, options: OAuth2ClientOptions = {}) =>
  new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: REDIRECT_URI,
    endpoints: endpointsOf(google),
    ...options,
  });

/** The consent page's address for a PKCE verifier, as the product builds it. */
async function consentUrl(client: OAuth2Client, extra: Record<string, string> = {}) {
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const url = client.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [SCOPE],
    state: 'state-123',
    code_challenge: codeChallenge,
    code_challenge_method: CodeChallengeMethod.S256,
    ...extra,
  });
  return { url, codeVerifier };
}

/** Follows the consent redirect as a browser would, without fetching the product's callback. */
async function consent(url: string): Promise<{ status: number; callback: URL | null; text: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  return {
    status: response.status,
    callback: location ? new URL(location) : null,
    text: await response.text(),
  };
}

/** The whole consent flow: an OAuth2Client holding the user's tokens. */
async function signIn(google: GoogleServer, options: OAuth2ClientOptions = {}) {
  const client = oauthClient(google, options);
  const { url, codeVerifier } = await consentUrl(client);
  const { callback } = await consent(url);
  const { tokens } = await client.getToken({ code: callback!.searchParams.get('code')!, codeVerifier });
  client.setCredentials(tokens);
  return { client, tokens };
}

const api = (google: GoogleServer, auth: OAuth2Client) =>
  searchconsole({ version: 'v1', auth, rootUrl: `${google.url}/` });

/** The rejection of a promise, for assertions on what a caller sees. */
async function failure(promise: Promise<unknown>): Promise<Json> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const queriesSent = (google: GoogleServer) =>
  google.requests.filter((request) => request.path.endsWith('/searchAnalytics/query'));

describe('Google OAuth 2.0', () => {
  it('runs the authorization-code flow with PKCE through OAuth2Client and issues an offline grant', async () => {
    const google = await start();
    const client = oauthClient(google);
    const { url, codeVerifier } = await consentUrl(client);
    const { status, callback } = await consent(url);
    expect(status).toBe(302);
    expect(callback!.origin + callback!.pathname).toBe(REDIRECT_URI);
    expect(callback!.searchParams.get('state')).toBe('state-123');
    expect(callback!.searchParams.get('scope')).toBe(SCOPE);

    const { tokens } = await client.getToken({ code: callback!.searchParams.get('code')!, codeVerifier });
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: SCOPE });
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expiry_date! - Date.now()).toBeGreaterThan(3590_000);

    // The code was good once only.
    const again = await failure(client.getToken({ code: callback!.searchParams.get('code')!, codeVerifier }));
    expect(again.response.status).toBe(400);
    expect(again.response.data).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
    const exchange = google.requests.find((request) => request.path === '/token');
    expect(exchange?.body).toMatchObject({ grant_type: 'authorization_code', code_verifier: codeVerifier });
  });

  it('refuses a wrong code verifier, a wrong client secret and an online grant refresh', async () => {
    const google = await start();
    const client = oauthClient(google);
    const { url } = await consentUrl(client);
    const code = (await consent(url)).callback!.searchParams.get('code')!;
    const wrongVerifier = await failure(client.getToken({ code, codeVerifier: 'x'.repeat(64) }));
    expect(wrongVerifier.response.data).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code verifier.',
    });

    const impostor = oauthClient(google, { clientSecret: 'GOCSPX-wrong' });
    const second = await consentUrl(impostor);
    const secondCode = (await consent(second.url)).callback!.searchParams.get('code')!;
    const wrongSecret = await failure(
      impostor.getToken({ code: secondCode, codeVerifier: second.codeVerifier }),
    );
    expect(wrongSecret.response.status).toBe(401);
    expect(wrongSecret.response.data.error).toBe('invalid_client');

    // access_type=online: an access token and no refresh token.
    const online = await consentUrl(client, { access_type: 'online' });
    const onlineCode = (await consent(online.url)).callback!.searchParams.get('code')!;
    const { tokens } = await client.getToken({ code: onlineCode, codeVerifier: online.codeVerifier });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('shows an error page instead of redirecting a bad authorization request', async () => {
    const google = await start();
    const client = oauthClient(google);
    const noPkce = client.generateAuthUrl({ access_type: 'offline', scope: [SCOPE], state: 's' });
    const missing = await consent(noPkce);
    expect(missing.status).toBe(400);
    expect(missing.callback).toBeNull();
    expect(missing.text).toContain('code_challenge');

    const otherScope = await consent((await consentUrl(client, { scope: 'openid email' })).url);
    expect(otherScope.status).toBe(400);
    expect(otherScope.text).toContain('invalid_scope');

    const stranger = await consent((await consentUrl(oauthClient(google, { clientId: 'someone-else' }))).url);
    expect(stranger.status).toBe(401);
    expect(stranger.text).toContain('invalid_client');

    const withoutRedirect = new OAuth2Client({ clientId: google.clientId, endpoints: endpointsOf(google) });
    expect((await consent((await consentUrl(withoutRedirect)).url)).status).toBe(400);
  });

  it('redirects with error=access_denied when the user refuses consent', async () => {
    const google = await start();
    google.denyConsent();
    const { status, callback } = await consent((await consentUrl(oauthClient(google))).url);
    expect(status).toBe(302);
    expect(Object.fromEntries(callback!.searchParams)).toEqual({
      error: 'access_denied',
      state: 'state-123',
    });
    // The refusal was for that one request.
    const next = await consent((await consentUrl(oauthClient(google))).url);
    expect(next.callback!.searchParams.get('code')).toBeTruthy();
  });

  it('lets a refresh token stand in for an expired access token, until the grant is revoked', async () => {
    const google = await start();
    const { client, tokens } = await signIn(google);
    const sites = () => api(google, client).sites.list();
    expect((await sites()).status).toBe(200);

    google.expireAccessTokens();
    // OAuth2Client trusts expiry_date, so it sees Google's 401 rather than refreshing by itself.
    const expired = await failure(sites());
    expect(expired.status).toBe(401);
    expect(expired.response.data.error.status).toBe('UNAUTHENTICATED');
    expect(expired.response.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const { credentials } = await client.refreshAccessToken();
    expect(credentials.access_token).not.toBe(tokens.access_token);
    expect(credentials.refresh_token).toBe(tokens.refresh_token);
    expect((await sites()).status).toBe(200);

    // With forceRefreshOnFailure the client refreshes on the 401 and repeats the call.
    const eager = oauthClient(google, { forceRefreshOnFailure: true });
    eager.setCredentials(credentials);
    google.expireAccessTokens();
    expect((await api(google, eager).sites.list()).status).toBe(200);
    expect(google.requests.filter((r) => (r.body as Json)?.grant_type === 'refresh_token')).toHaveLength(2);

    google.revokeGrant();
    const revoked = await failure(client.refreshAccessToken());
    expect(revoked.response.status).toBe(400);
    expect(revoked.response.data).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    // The grant's access tokens die with it.
    const stale = await fetch(`${google.url}/webmasters/v3/sites`, {
      headers: { authorization: `Bearer ${eager.credentials.access_token}` },
    });
    expect(stale.status).toBe(401);
  });

  it('serves a client holding only the refresh token, and revokes that grant at /revoke', async () => {
    const google = await start();
    const { tokens } = await signIn(google);
    // The product keeps the refresh token only; the client gets an access token before its first call.
    const client = oauthClient(google);
    client.setCredentials({ refresh_token: tokens.refresh_token });
    const { data } = await api(google, client).sites.list();
    expect(data.siteEntry).toHaveLength(2);

    await client.revokeToken(tokens.refresh_token!);
    const revoke = google.requests.find((request) => request.path === '/revoke');
    expect(revoke?.status).toBe(200);
    const after = oauthClient(google);
    after.setCredentials({ refresh_token: tokens.refresh_token });
    const refused = await failure(api(google, after).sites.list());
    expect(refused.response.data.error).toBe('invalid_grant');
    // An unknown token is refused as Google refuses it.
    expect((await failure(client.revokeToken('not-a-token'))).response.data.error).toBe('invalid_token');
  });

  it("exchanges the service account's key for access tokens with google-auth-library's JWT", async () => {
    const google = await start();
    const key = google.serviceAccountKey;
    const jwt = new JWT({ email: key.client_email, key: key.private_key, scopes: [SCOPE] });
    // JWT ignores the key's token_uri and endpoints: it posts to (and signs for) Google's token URL.
    // The product points it here with a request interceptor on the client's own transporter.
    jwt.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (config.url.href === 'https://oauth2.googleapis.com/token') config.url = new URL(key.token_uri!);
        return config;
      },
    });
    const { data } = await api(google, jwt).sites.list();
    expect(data.siteEntry?.map((entry) => entry.siteUrl)).toEqual([DOMAIN, SHOP]);
    const grant = google.requests.find((request) => request.path === '/token');
    expect(grant?.body).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' });
    expect(grant?.status).toBe(200);
  });

  it('checks a jwt-bearer assertion: signature, issuer, audience, lifetime', async () => {
    const google = await start();
    const key = google.serviceAccountKey;
    const privateKey = await importPKCS8(key.private_key!, 'RS256');
    const exchange = async (claims: { iss?: string; aud?: string; ttl?: string }, signer = privateKey) => {
      const assertion = await new SignJWT({ scope: SCOPE })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(claims.iss ?? key.client_email!)
        .setAudience(claims.aud ?? key.token_uri!)
        .setIssuedAt()
        .setExpirationTime(claims.ttl ?? '1h')
        .sign(signer);
      const response = await fetch(`${google.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };

    const ok = await exchange({});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(ok.body.refresh_token).toBeUndefined();

    const stranger = await startGoogleServer({ properties: [], rows: () => [] });
    try {
      const otherKey = await importPKCS8(stranger.serviceAccountKey.private_key!, 'RS256');
      expect((await exchange({}, otherKey)).body).toEqual({
        error: 'invalid_grant',
        error_description: 'Invalid JWT Signature.',
      });
    } finally {
      await stranger.close();
    }
    expect((await exchange({ iss: 'nobody@example.iam.gserviceaccount.com' })).body.error).toBe(
      'invalid_grant',
    );
    expect((await exchange({ aud: 'https://example.com/token' })).body.error_description).toContain(
      'audience',
    );
    expect((await exchange({ ttl: '2h' })).body.error_description).toContain('short-lived');
  });
});

describe('Google Search Console API', () => {
  it('lists the properties with their permission levels, and their sitemaps', async () => {
    const google = await start({
      properties: [
        { siteUrl: DOMAIN },
        { siteUrl: SHOP, permissionLevel: 'siteFullUser' },
        { siteUrl: 'https://unverified.example.net/', permissionLevel: 'siteUnverifiedUser' },
      ],
    });
    const search = api(google, (await signIn(google)).client);
    const { data } = await search.sites.list();
    expect(data.siteEntry).toEqual([
      { siteUrl: DOMAIN, permissionLevel: 'siteOwner' },
      { siteUrl: SHOP, permissionLevel: 'siteFullUser' },
      { siteUrl: 'https://unverified.example.net/', permissionLevel: 'siteUnverifiedUser' },
    ]);
    expect((await search.sites.get({ siteUrl: SHOP })).data).toEqual({
      siteUrl: SHOP,
      permissionLevel: 'siteFullUser',
    });

    const sitemaps = await search.sitemaps.list({ siteUrl: DOMAIN });
    expect(sitemaps.data.sitemap).toEqual([
      expect.objectContaining({ path: 'https://example.com/sitemap.xml', isPending: false, errors: '0' }),
    ]);
    // siteUrl travels URL-encoded in the path.
    expect(google.requests.at(-1)?.path).toBe('/webmasters/v3/sites/sc-domain%3Aexample.com/sitemaps');

    // An unverified user sees the property listed but cannot read its data.
    const unverified = await failure(
      search.searchanalytics.query({
        siteUrl: 'https://unverified.example.net/',
        requestBody: { startDate: '2025-06-01', endDate: '2025-06-02' },
      }),
    );
    expect(unverified.status).toBe(403);
  });

  it('answers totals in one row without keys, anonymized queries included', async () => {
    const google = await start();
    const search = api(google, (await signIn(google)).client);
    const { data } = await search.searchanalytics.query({
      siteUrl: DOMAIN,
      requestBody: { startDate: '2025-06-01', endDate: '2025-06-10' },
    });
    expect(data).toEqual({
      rows: [{ clicks: 200, impressions: 3200, ctr: 0.0625, position: 4.8125 }],
      responseAggregationType: 'byProperty',
    });
  });

  it('groups by the requested dimensions in their order, leaving anonymized queries out of query rows', async () => {
    const google = await start();
    const search = api(google, (await signIn(google)).client);
    const byQuery = await search.searchanalytics.query({
      siteUrl: DOMAIN,
      requestBody: { startDate: '2025-06-01', endDate: '2025-06-10', dimensions: ['query'], type: 'web' },
    });
    expect(byQuery.data.rows).toEqual([
      { keys: ['coffee beans'], clicks: 150, impressions: 2000, ctr: 0.075, position: 3 },
      { keys: ['espresso grinder'], clicks: 30, impressions: 600, ctr: 0.05, position: 6 },
      { keys: ['decaf'], clicks: 0, impressions: 200, ctr: 0, position: 11 },
    ]);

    const byPageAndCountry = await search.searchanalytics.query({
      siteUrl: DOMAIN,
      requestBody: { startDate: '2025-06-10', endDate: '2025-06-10', dimensions: ['country', 'page'] },
    });
    expect(byPageAndCountry.data.responseAggregationType).toBe('byPage');
    expect(byPageAndCountry.data.rows?.map((row) => [row.keys, row.clicks, row.impressions])).toEqual([
      [['gbr', 'https://example.com/beans'], 12, 140],
      [['usa', 'https://example.com/beans'], 5, 100],
      [['gbr', 'https://example.com/grinders'], 3, 60],
      [['deu', 'https://blog.example.com/decaf'], 0, 20],
    ]);
    expect(byPageAndCountry.data.rows?.[0]?.position).toBeCloseTo((2 * 100 + 9 * 40) / 140, 10);

    // Days with data only, one row each; equal clicks fall back to the keys' order.
    const byDate = await search.searchanalytics.query({
      siteUrl: DOMAIN,
      requestBody: { startDate: '2025-06-01', endDate: '2025-06-03', dimensions: ['date'] },
    });
    expect(byDate.data.rows?.map((row) => row.keys?.[0])).toEqual(['2025-06-01', '2025-06-02', '2025-06-03']);

    const byAppearance = await search.searchanalytics.query({
      siteUrl: DOMAIN,
      requestBody: { startDate: '2025-06-01', endDate: '2025-06-01', dimensions: ['searchAppearance'] },
    });
    expect(byAppearance.data.rows).toEqual([
      { keys: ['VIDEO'], clicks: 0, impressions: 20, ctr: 0, position: 11 },
    ]);
  });

  it('applies dimension filters: not case-sensitive, regular expressions, anonymized queries out when query is filtered', async () => {
    const google = await start();
    const search = api(google, (await signIn(google)).client);
    const query = async (
      filters: { dimension: string; operator?: string; expression: string }[],
      dimensions = ['page'],
    ) =>
      (
        await search.searchanalytics.query({
          siteUrl: DOMAIN,
          requestBody: {
            startDate: '2025-06-01',
            endDate: '2025-06-01',
            dimensions,
            dimensionFilterGroups: [{ groupType: 'and', filters }],
          },
        })
      ).data.rows ?? [];

    const ukCoffee = await query(
      [
        { dimension: 'country', operator: 'equals', expression: 'GBR' },
        { dimension: 'query', operator: 'contains', expression: 'COFFEE' },
      ],
      ['page', 'device'],
    );
    // The anonymized UK desktop row on /beans is left out because query is filtered.
    expect(ukCoffee).toEqual([
      { keys: ['https://example.com/beans', 'DESKTOP'], clicks: 10, impressions: 100, ctr: 0.1, position: 2 },
    ]);

    // A negative query filter passes no anonymized row either (it would add 2 clicks to /beans).
    expect(
      (await query([{ dimension: 'query', operator: 'notContains', expression: 'coffee' }])).map((row) => [
        row.keys?.[0],
        row.clicks,
      ]),
    ).toEqual([
      ['https://example.com/grinders', 3],
      ['https://blog.example.com/decaf', 0],
    ]);

    // Without a query filter the anonymized row counts; equals is the default operator.
    expect(await query([{ dimension: 'device', expression: 'desktop' }])).toEqual([
      {
        keys: ['https://example.com/beans'],
        clicks: 12,
        impressions: 140,
        ctr: 12 / 140,
        position: 560 / 140,
      },
    ]);
    const pages = async (operator: string, expression: string) =>
      (await query([{ dimension: 'page', operator, expression }])).map((row) => row.keys?.[0]);
    expect(await pages('includingRegex', '^https://example\\.com/')).toEqual([
      'https://example.com/beans',
      'https://example.com/grinders',
    ]);
    expect(await pages('excludingRegex', 'beans|grinders')).toEqual(['https://blog.example.com/decaf']);
    expect(await pages('notContains', 'BLOG')).toEqual([
      'https://example.com/beans',
      'https://example.com/grinders',
    ]);
    expect(await pages('notEquals', 'https://example.com/beans')).toEqual([
      'https://example.com/grinders',
      'https://blog.example.com/decaf',
    ]);
    expect(await pages('INCLUDING_REGEX', '(?i)DECAF$')).toEqual(['https://blog.example.com/decaf']);
    expect(
      (await query([{ dimension: 'searchAppearance', expression: 'VIDEO' }], ['query'])).map(
        (row) => row.keys,
      ),
    ).toEqual([['decaf']]);

    const badRegex = await failure(
      query([{ dimension: 'page', operator: 'includingRegex', expression: '(' }]),
    );
    expect(badRegex.status).toBe(400);
    expect(badRegex.response.data.error.status).toBe('INVALID_ARGUMENT');
  });

  it('pages with startRow and rowLimit, sorted by clicks, and refuses rowLimit above 25,000', async () => {
    // 5 days of 120 distinct queries each: 600 groups.
    const google = await start({
      properties: [{ siteUrl: SHOP }],
      rows: (_site, date) =>
        Array.from({ length: 120 }, (_, i) => ({
          date,
          query: `${date} query ${i}`,
          page: `${SHOP}p/${i}`,
          country: 'usa',
          device: 'MOBILE' as const,
          clicks: (i * 7) % 50,
          impressions: 100 + i,
          position: 1 + (i % 30),
        })),
    });
    const search = api(google, (await signIn(google)).client);
    const seen: { keys: string[]; clicks: number; impressions: number }[] = [];
    for (let startRow = 0; ; startRow += 250) {
      const { data } = await search.searchanalytics.query({
        siteUrl: SHOP,
        requestBody: {
          startDate: '2025-06-01',
          endDate: '2025-06-05',
          dimensions: ['query'],
          rowLimit: 250,
          startRow,
        },
      });
      if (!data.rows) break;
      expect(data.rows.length).toBeLessThanOrEqual(250);
      for (const row of data.rows)
        seen.push({ keys: row.keys!, clicks: row.clicks!, impressions: row.impressions! });
    }
    expect(queriesSent(google).map((request) => (request.body as Json).startRow)).toEqual([0, 250, 500, 750]);
    expect(new Set(seen.map((row) => row.keys[0])).size).toBe(600);
    for (let i = 1; i < seen.length; i++) {
      const [before, row] = [seen[i - 1]!, seen[i]!];
      expect(
        before.clicks > row.clicks || (before.clicks === row.clicks && before.impressions >= row.impressions),
      ).toBe(true);
    }

    // No rowLimit: Google's default 1,000.
    const { data } = await search.searchanalytics.query({
      siteUrl: SHOP,
      requestBody: { startDate: '2025-06-01', endDate: '2025-06-10', dimensions: ['query', 'page'] },
    });
    expect(data.rows).toHaveLength(1000);

    const tooMany = await failure(
      search.searchanalytics.query({
        siteUrl: SHOP,
        requestBody: { startDate: '2025-06-01', endDate: '2025-06-01', rowLimit: 25_001 },
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.response.data.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(tooMany.response.data.error.errors[0]).toMatchObject({ domain: 'global', reason: 'badRequest' });
  });

  it("answers the fresh days only to dataState 'all', with the first incomplete date", async () => {
    const google = await start({ lastDay: '2025-06-30', freshDays: 2 });
    const search = api(google, (await signIn(google)).client);
    const days = async (dataState?: string) =>
      (
        await search.searchanalytics.query({
          siteUrl: DOMAIN,
          requestBody: { startDate: '2025-06-25', endDate: '2025-07-05', dimensions: ['date'], dataState },
        })
      ).data;
    const final = await days();
    expect(final.rows?.map((row) => row.keys?.[0])).toEqual([
      '2025-06-25',
      '2025-06-26',
      '2025-06-27',
      '2025-06-28',
    ]);
    expect(final.metadata).toBeUndefined();
    const all = await days('all');
    expect(all.rows?.map((row) => row.keys?.[0])).toEqual([
      '2025-06-25',
      '2025-06-26',
      '2025-06-27',
      '2025-06-28',
      '2025-06-29',
      '2025-06-30',
    ]);
    expect(all.metadata).toEqual({ firstIncompleteDate: '2025-06-29' });
    expect(queriesSent(google).map((request) => (request.body as Json).dataState)).toEqual([
      undefined,
      'all',
    ]);

    // A range wholly in the future has no rows at all.
    const { data } = await search.searchanalytics.query({
      siteUrl: DOMAIN,
      requestBody: { startDate: '2025-08-01', endDate: '2025-08-31' },
    });
    expect(data).toEqual({ responseAggregationType: 'byProperty' });
  });

  it('keeps 16 months, generating a large property one day at a time', async () => {
    const calls = new Map<string, number>();
    const google = await start({
      lastDay: '2025-06-15',
      properties: [{ siteUrl: SHOP }],
      rows: (_site, date) => {
        calls.set(date, (calls.get(date) ?? 0) + 1);
        return Array.from({ length: 200 }, (_, i) => ({
          date,
          query: `query ${i}`,
          page: `${SHOP}p/${i % 40}`,
          country: 'gbr',
          device: 'DESKTOP' as const,
          clicks: 1,
          impressions: 10,
          position: 5,
        }));
      },
    });
    const search = api(google, (await signIn(google)).client);
    const { data } = await search.searchanalytics.query({
      siteUrl: SHOP,
      requestBody: { startDate: '2023-01-01', endDate: '2025-06-15', dimensions: ['date'], rowLimit: 25_000 },
    });
    const expectedDays = (Date.UTC(2025, 5, 13) - Date.UTC(2024, 1, 15)) / DAY + 1;
    const dates = data.rows!.map((row) => row.keys![0]!).sort();
    expect(dates).toHaveLength(expectedDays);
    expect(dates[0]).toBe('2024-02-15');
    expect(dates.at(-1)).toBe('2025-06-13');
    expect(data.rows![0]).toMatchObject({ clicks: 200, impressions: 2000, ctr: 0.1, position: 5 });
    // Each day was asked for once, and no day outside the 16 months (nor the fresh days).
    expect(calls.size).toBe(expectedDays);
    expect([...calls.values()].every((count) => count === 1)).toBe(true);
  });

  it('inspects URLs of a property, with its own results and a daily quota', async () => {
    const google = await start({
      inspectionsPerDay: 3,
      inspect: (_site, url) =>
        url.endsWith('/new')
          ? {
              verdict: 'NEUTRAL',
              coverageState: 'URL is unknown to Google',
              pageFetchState: 'PAGE_FETCH_STATE_UNSPECIFIED',
              lastCrawlTime: undefined,
              googleCanonical: undefined,
              userCanonical: undefined,
              crawledAs: undefined,
              sitemap: undefined,
              referringUrls: undefined,
            }
          : undefined,
    });
    const search = api(google, (await signIn(google)).client);
    const inspect = (inspectionUrl: string, siteUrl = DOMAIN) =>
      search.urlInspection.index.inspect({ requestBody: { inspectionUrl, siteUrl, languageCode: 'en-US' } });

    const indexed = (await inspect('https://example.com/beans')).data.inspectionResult!;
    expect(indexed.inspectionResultLink).toMatch(/^https:\/\/search\.google\.com\/search-console\/inspect\?/);
    expect(indexed.indexStatusResult).toMatchObject({
      verdict: 'PASS',
      coverageState: 'Submitted and indexed',
      robotsTxtState: 'ALLOWED',
      indexingState: 'INDEXING_ALLOWED',
      pageFetchState: 'SUCCESSFUL',
      googleCanonical: 'https://example.com/beans',
      userCanonical: 'https://example.com/beans',
      crawledAs: 'MOBILE',
      sitemap: ['https://example.com/sitemap.xml'],
      referringUrls: ['https://example.com/'],
    });
    expect(indexed.indexStatusResult?.lastCrawlTime).toMatch(/^2025-06-30T/);
    expect(indexed.mobileUsabilityResult).toEqual({ verdict: 'PASS' });

    const unknown = (await inspect('https://blog.example.com/new')).data.inspectionResult!;
    expect(unknown.indexStatusResult).toEqual({
      verdict: 'NEUTRAL',
      coverageState: 'URL is unknown to Google',
      robotsTxtState: 'ALLOWED',
      indexingState: 'INDEXING_ALLOWED',
      pageFetchState: 'PAGE_FETCH_STATE_UNSPECIFIED',
    });
    expect(google.requests.at(-1)?.path).toBe('/v1/urlInspection/index:inspect');

    const elsewhere = await failure(inspect('https://example.org/beans'));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.message).toBe(
      'You do not own this site, or the inspected URL is not part of this property.',
    );

    await inspect('https://example.com/grinders');
    const spent = await failure(inspect('https://example.com/'));
    expect(spent.status).toBe(429);
    expect(spent.response.data.error.status).toBe('RESOURCE_EXHAUSTED');
    // The quota is the property's: another property still inspects.
    expect((await inspect(`${SHOP}cart`, SHOP)).status).toBe(200);
  });

  it('answers 403 PERMISSION_DENIED once the account loses a property', async () => {
    const google = await start();
    const search = api(google, (await signIn(google)).client);
    const body = { startDate: '2025-06-01', endDate: '2025-06-01' };
    expect((await search.searchanalytics.query({ siteUrl: SHOP, requestBody: body })).status).toBe(200);
    google.removePermission(SHOP);
    const denied = await failure(search.searchanalytics.query({ siteUrl: SHOP, requestBody: body }));
    expect(denied.status).toBe(403);
    expect(denied.message).toBe(
      `User does not have sufficient permission for site '${SHOP}'. See also: https://support.google.com/webmasters/answer/2451999.`,
    );
    expect(denied.response.data.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(denied.response.data.error.errors).toEqual([
      { message: denied.message, domain: 'global', reason: 'forbidden' },
    ]);
    expect((await search.sites.list()).data.siteEntry?.map((entry) => entry.siteUrl)).toEqual([DOMAIN]);
    expect((await failure(search.sitemaps.list({ siteUrl: SHOP }))).status).toBe(403);
  });

  it('answers 429 RESOURCE_EXHAUSTED past the queries a minute of a site and of a user', async () => {
    const google = await start({ queriesPerMinute: 2 });
    const user = api(google, (await signIn(google)).client);
    const query = (search: typeof user, siteUrl: string) =>
      search.searchanalytics.query({
        siteUrl,
        requestBody: { startDate: '2025-06-01', endDate: '2025-06-01' },
      });
    await query(user, DOMAIN);
    await query(user, DOMAIN);
    const limited = await failure(query(user, DOMAIN));
    expect(limited.status).toBe(429);
    expect(limited.response.data.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(limited.response.data.error.errors[0]).toMatchObject({
      domain: 'usageLimits',
      reason: 'rateLimitExceeded',
    });
    // The user's quota is spent on every site; other calls than queries are not counted.
    expect((await failure(query(user, SHOP))).status).toBe(429);
    expect((await user.sites.list()).status).toBe(200);

    // The service account has its own user quota, but not on the site that is spent.
    const key = google.serviceAccountKey;
    const jwt = new JWT({ email: key.client_email, key: key.private_key, scopes: [SCOPE] });
    jwt.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (config.url.href === 'https://oauth2.googleapis.com/token') config.url = new URL(key.token_uri!);
        return config;
      },
    });
    const robot = api(google, jwt);
    expect((await query(robot, SHOP)).status).toBe(200);
    expect((await failure(query(robot, DOMAIN))).status).toBe(429);
  });

  it('fails the next calls as told, which the client retries when Google says it may', async () => {
    const google = await start();
    const search = api(google, (await signIn(google)).client);
    // GET is retried by the client on 5xx: two failures, then the answer.
    google.failNext(503, 2);
    expect((await search.sites.list()).status).toBe(200);
    expect(google.requests.filter((r) => r.path === '/webmasters/v3/sites').map((r) => r.status)).toEqual([
      503, 503, 200,
    ]);

    // A query is a POST, which the client does not retry.
    google.failNext(500);
    const failed = await failure(
      search.searchanalytics.query({
        siteUrl: DOMAIN,
        requestBody: { startDate: '2025-06-01', endDate: '2025-06-01' },
      }),
    );
    expect(failed.status).toBe(500);
    expect(failed.response.data.error).toMatchObject({ code: 500, status: 'INTERNAL' });
  });

  it("answers a call without a valid bearer token with Google's 401", async () => {
    const google = await start();
    const anonymous = await fetch(`${google.url}/webmasters/v3/sites`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="https://accounts.google.com/"');
    expect(((await anonymous.json()) as Json).error).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ domain: 'global', reason: 'required' }],
    });
    const forged = await fetch(`${google.url}/webmasters/v3/sites`, {
      headers: { authorization: 'Bearer ya29.forged' },
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as Json).error.errors[0].reason).toBe('authError');
    const unknown = await fetch(`${google.url}/webmasters/v3/sites/x/urlCrawlErrorsCounts/query`);
    expect(unknown.status).toBe(404);
  });
});
