import { readFileSync } from 'node:fs';
import { searchconsole, type searchconsole_v1 } from '@googleapis/searchconsole';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config';

// Google Search Console through Google's own client libraries, pointed at GOOGLE_OAUTH_URL and
// GOOGLE_API_URL (a Google-shaped server in tests). Google's answers are turned into four kinds of
// failure the import acts on: the grant is gone (reconnect), the property is not readable
// (reconnect or pick another), a quota is spent (wait), Google is unreachable (try later).

export const SEARCH_CONSOLE_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';

/** Google's OAuth 2.0 endpoints: its own by default, or those of GOOGLE_OAUTH_URL. */
export function oauthEndpoints(oauthUrl: string | undefined) {
  if (!oauthUrl)
    return {
      oauth2AuthBaseUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      oauth2TokenUrl: 'https://oauth2.googleapis.com/token',
      oauth2RevokeUrl: 'https://oauth2.googleapis.com/revoke',
    };
  const base = oauthUrl.replace(/\/+$/, '');
  return {
    oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
    oauth2TokenUrl: `${base}/token`,
    oauth2RevokeUrl: `${base}/revoke`,
  };
}

export type GoogleFailure = 'grant' | 'permission' | 'quota' | 'unavailable';

/** A call Google refused or did not answer, by what the caller should do about it. */
export class GoogleError extends Error {
  constructor(
    readonly failure: GoogleFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Google's refusal, from a gaxios error (its status and body) or a network failure. */
export function googleErrorOf(error: unknown): GoogleError {
  if (error instanceof GoogleError) return error;
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  const status = response?.status ?? null;
  const data = response?.data as { error?: unknown; error_description?: string } | undefined;
  const message =
    typeof data?.error === 'object' && data.error !== null
      ? String((data.error as { message?: string }).message ?? '')
      : String(data?.error_description ?? data?.error ?? (error as Error).message ?? error);
  if (data?.error === 'invalid_grant' || data?.error === 'unauthorized_client')
    return new GoogleError('grant', message, status);
  if (status === 401) return new GoogleError('grant', message, status);
  if (status === 403) return new GoogleError('permission', message, status);
  if (status === 429) return new GoogleError('quota', message, status);
  return new GoogleError('unavailable', message, status);
}

const ServiceAccountKeySchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
});
type ServiceAccountKey = z.infer<typeof ServiceAccountKeySchema>;

/** How a website reaches its property: an owner's refresh token, or the operator's service account. */
export type GoogleCredential = { method: 'oauth'; refreshToken: string } | { method: 'service_account' };

export interface SearchAnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  position: number;
}

export interface SearchConsoleClient {
  sites(): Promise<{ siteUrl: string; permissionLevel: string }[]>;
  /** One page of a searchAnalytics query (up to 25,000 rows from `startRow`). */
  query(
    siteUrl: string,
    request: searchconsole_v1.Schema$SearchAnalyticsQueryRequest,
  ): Promise<SearchAnalyticsRow[]>;
}

export interface Google {
  available: { oauth: boolean; service_account: boolean };
  redirectUri: string;
  serviceAccountEmail: string | null;
  /** A PKCE verifier and the consent page's address for it. */
  consent(state: string): Promise<{ url: string; codeVerifier: string }>;
  /** The refresh token Google gives for a consent's code. */
  exchange(code: string, codeVerifier: string): Promise<string>;
  /** Ends a grant at Google (best effort: a grant already revoked is gone anyway). */
  revoke(refreshToken: string): Promise<void>;
  client(credential: GoogleCredential): SearchConsoleClient;
}

function readServiceAccount(file: string | undefined): ServiceAccountKey | null {
  if (!file) return null;
  return ServiceAccountKeySchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function createGoogle(config: Config): Google {
  const endpoints = oauthEndpoints(config.GOOGLE_OAUTH_URL);
  const redirectUri = `${config.PUBLIC_URL}/api/search-console/oauth/callback`;
  const serviceAccount = readServiceAccount(config.GOOGLE_SERVICE_ACCOUNT_FILE);
  const oauth = () =>
    new OAuth2Client({
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      redirectUri,
      endpoints,
      // An access token Google ended before its hour (401) is refreshed once before the call fails.
      forceRefreshOnFailure: true,
    });
  const rootUrl = `${config.GOOGLE_API_URL.replace(/\/+$/, '')}/`;

  /** The service account's access token: a signed assertion exchanged at the token endpoint (RFC 7523). */
  const serviceAccountToken = async (key: ServiceAccountKey) => {
    const assertion = await new SignJWT({ scope: SEARCH_CONSOLE_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(key.client_email)
      .setAudience(endpoints.oauth2TokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importPKCS8(key.private_key, 'RS256'));
    const response = await fetch(endpoints.oauth2TokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(30_000),
    }).catch((error: Error) => {
      throw new GoogleError('unavailable', error.message);
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token)
      throw googleErrorOf({ response: { status: response.status, data: body } });
    return { access_token: body.access_token, expiry_date: Date.now() + (body.expires_in ?? 3600) * 1000 };
  };

  return {
    available: { oauth: Boolean(config.GOOGLE_CLIENT_ID), service_account: serviceAccount !== null },
    redirectUri,
    serviceAccountEmail: serviceAccount?.client_email ?? null,
    async consent(state) {
      const client = oauth();
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      const url = client.generateAuthUrl({
        access_type: 'offline',
        // A second connection of the same account still gets a refresh token.
        prompt: 'consent',
        scope: [SEARCH_CONSOLE_SCOPE],
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
      });
      return { url, codeVerifier };
    },
    async exchange(code, codeVerifier) {
      try {
        const { tokens } = await oauth().getToken({ code, codeVerifier });
        if (!tokens.refresh_token) throw new GoogleError('grant', 'Google gave no refresh token');
        return tokens.refresh_token;
      } catch (error) {
        throw googleErrorOf(error);
      }
    },
    async revoke(refreshToken) {
      await oauth()
        .revokeToken(refreshToken)
        .catch(() => undefined);
    },
    client(credential) {
      const auth = oauth();
      if (credential.method === 'oauth') auth.setCredentials({ refresh_token: credential.refreshToken });
      else {
        if (!serviceAccount)
          throw new GoogleError('grant', 'No service account is configured (GOOGLE_SERVICE_ACCOUNT_FILE).');
        auth.refreshHandler = () => serviceAccountToken(serviceAccount);
      }
      const api = searchconsole({ version: 'v1', auth, rootUrl, timeout: 60_000 });
      return {
        async sites() {
          try {
            const { data } = await api.sites.list();
            return (data.siteEntry ?? []).map((entry) => ({
              siteUrl: entry.siteUrl ?? '',
              permissionLevel: entry.permissionLevel ?? 'siteUnverifiedUser',
            }));
          } catch (error) {
            throw googleErrorOf(error);
          }
        },
        async query(siteUrl, request) {
          try {
            const { data } = await api.searchanalytics.query({ siteUrl, requestBody: request });
            return (data.rows ?? []).map((row) => ({
              keys: row.keys ?? [],
              clicks: row.clicks ?? 0,
              impressions: row.impressions ?? 0,
              position: row.position ?? 0,
            }));
          } catch (error) {
            throw googleErrorOf(error);
          }
        },
      };
    },
  };
}
