import type { TextFileArtifact } from '../artifacts';
import type { EngineFetch } from './fetch-contract';

/** Well-known files of an origin and how much of each is read. */
export const TEXT_FILES = {
  robotsTxt: { path: '/robots.txt', maxBytes: 512 * 1024 },
  llmsTxt: { path: '/llms.txt', maxBytes: 1024 * 1024 },
  adsTxt: { path: '/ads.txt', maxBytes: 1024 * 1024 },
} as const;

export type TextFileName = keyof typeof TEXT_FILES;

/**
 * Fetches a well-known file of the page's origin. A server that cannot be reached gives a file
 * with status null, which the checks read as "did not answer", not as a failed gathering.
 */
export async function gatherTextFile(
  fetch: EngineFetch,
  pageUrl: string,
  name: TextFileName,
): Promise<TextFileArtifact> {
  const { path, maxBytes } = TEXT_FILES[name];
  const url = new URL(path, pageUrl).href;
  try {
    const response = await fetch(url, { maxBytes });
    return {
      url,
      finalUrl: response.finalUrl,
      status: response.status,
      contentType: response.headers['content-type'] ?? null,
      body: response.body,
      bytes: response.bytes,
      truncated: response.truncated,
      redirects: response.redirects,
    };
  } catch (error) {
    return {
      url,
      finalUrl: url,
      status: null,
      contentType: null,
      body: '',
      bytes: 0,
      truncated: false,
      redirects: [],
      error: (error as Error).message,
    };
  }
}
