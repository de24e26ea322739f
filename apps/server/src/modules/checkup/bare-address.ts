import { CHECKUP_MESSAGES } from '@sitelens/contracts';
import { FetchRefused, type FetchRefusedCode } from '@sitelens/engine';
import { loadConfig } from '../../config';
import { guardedFetcherFor } from '../../platform/fetcher';

/** How long each scheme is given to answer before a bare address is decided. */
const PROBE_TIMEOUT_MS = 10_000;
/**
 * Why https "cannot connect", in the words the note uses (the fetcher's own message for TLS is
 * OpenSSL's); not a name that does not resolve, which http would not resolve either.
 */
const CANNOT_CONNECT: Partial<Record<FetchRefusedCode, string>> = {
  connect: 'it refused the connection',
  tls: 'its TLS handshake failed',
  timeout: 'it did not answer in time',
  network: 'the connection broke off',
};

/**
 * The URL a bare address (typed without a scheme, 'https://' put in front) is checked with: the
 * https one, unless https cannot connect and http answers; then the http one, and a note saying so.
 * Both requests go through the guarded fetcher, as every request to a user's address does.
 */
export async function schemeForBareAddress(httpsUrl: string): Promise<{ url: string; note: string | null }> {
  const fetcher = guardedFetcherFor(loadConfig());
  const answers = async (url: string) => {
    try {
      await fetcher.fetchPage(url, {
        method: 'GET',
        maxBytes: 1024,
        truncate: true,
        followRedirects: false,
        timeoutMs: PROBE_TIMEOUT_MS,
      });
      return null;
    } catch (error) {
      return error;
    }
  };
  try {
    const https = await answers(httpsUrl);
    const cause = https instanceof FetchRefused ? CANNOT_CONNECT[https.code] : undefined;
    if (!cause) return { url: httpsUrl, note: null };
    const httpUrl = httpsUrl.replace(/^https:/, 'http:');
    if ((await answers(httpUrl)) !== null) return { url: httpsUrl, note: null };
    return { url: httpUrl, note: CHECKUP_MESSAGES.checkedOverHttp(httpUrl, cause) };
  } finally {
    await fetcher.close();
  }
}
