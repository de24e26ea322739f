import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type {
  DirectoryProbesArtifact,
  IndexNowArtifact,
  NotFoundArtifact,
  PageRepeatArtifact,
  UrlVariantsArtifact,
} from '../artifacts';
import type { GatherContext } from './context';

// Small probes of the page's origin. Each reads little: the checks need statuses and headers.
const PROBE_BYTES = 256 * 1024;
const PROBE_TIMEOUT_MS = 10_000;

/** http/https × www/non-www of the page's host, each asked once without following, once following. */
export async function gatherUrlVariants(context: GatherContext): Promise<UrlVariantsArtifact> {
  const page = await context.get('page');
  const final = new URL(page.finalUrl);
  const bare = final.hostname.replace(/^www\./, '');
  const hosts =
    net.isIP(bare) || bare === 'localhost' || !bare.includes('.') ? [bare] : [bare, `www.${bare}`];
  const port = final.port ? `:${final.port}` : '';
  const urls = hosts.flatMap((host) => ['http', 'https'].map((scheme) => `${scheme}://${host}${port}/`));
  const variants = await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await context.fetch(url, {
          followRedirects: false,
          maxBytes: 1024,
          timeoutMs: PROBE_TIMEOUT_MS,
          signal: context.signal,
        });
        return {
          url,
          status: response.status,
          location: response.headers.location ? new URL(response.headers.location, url).href : null,
        };
      } catch (error) {
        return { url, status: null, location: null, error: (error as Error).message };
      }
    }),
  );
  const finals = await Promise.all(
    variants.map(async ({ url, status }) => {
      if (status === null) return { url, finalUrl: null, hops: 0, status: null };
      try {
        const response = await context.fetch(url, {
          maxBytes: 1024,
          timeoutMs: PROBE_TIMEOUT_MS,
          signal: context.signal,
        });
        return { url, finalUrl: response.finalUrl, hops: response.redirects.length, status: response.status };
      } catch {
        return { url, finalUrl: null, hops: 0, status: null };
      }
    }),
  );
  return { variants, finals };
}

/** A random path that cannot exist, to see how the site answers for missing pages. */
export async function gatherNotFound(context: GatherContext): Promise<NotFoundArtifact> {
  const page = await context.get('page');
  const url = new URL(`/missing-page-${randomBytes(6).toString('hex')}`, page.finalUrl).href;
  try {
    const response = await context.fetch(url, {
      maxBytes: PROBE_BYTES,
      timeoutMs: PROBE_TIMEOUT_MS,
      signal: context.signal,
    });
    return {
      url,
      status: response.status,
      finalUrl: response.finalUrl,
      redirects: response.redirects,
      html: response.body,
      contentType: response.headers['content-type'] ?? null,
    };
  } catch {
    return { url, status: null, finalUrl: url, redirects: [], html: '', contentType: null };
  }
}

/** The page asked for again: a server-side cache answers the second request from cache. */
export async function gatherPageRepeat(context: GatherContext): Promise<PageRepeatArtifact> {
  const page = await context.get('page');
  try {
    const response = await context.fetch(page.finalUrl, {
      maxBytes: PROBE_BYTES,
      timeoutMs: PROBE_TIMEOUT_MS,
      signal: context.signal,
    });
    return { headers: response.headers, status: response.status };
  } catch {
    return { headers: {}, status: null };
  }
}

/** Folders probed per page. */
const MAX_DIRECTORIES = 5;
const LISTING = /<title>\s*(index of \/|directory listing for)|<h1>\s*index of \//i;

/** The parent folders of the page's first-party assets, asked for their index. */
export async function gatherDirectoryProbes(context: GatherContext): Promise<DirectoryProbesArtifact> {
  const resources = await context.get('resources');
  const folders = new Set<string>();
  for (const resource of resources) {
    if (!resource.firstParty || resource.status === null) continue;
    const url = new URL(resource.url);
    const folder = url.pathname.replace(/[^/]*$/, '');
    if (folder !== '/' && folder !== '') folders.add(`${url.origin}${folder}`);
  }
  const probes = await Promise.all(
    [...folders].slice(0, MAX_DIRECTORIES).map(async (url) => {
      try {
        const response = await context.fetch(url, {
          maxBytes: 64 * 1024,
          timeoutMs: PROBE_TIMEOUT_MS,
          signal: context.signal,
        });
        const title = /<title>([^<]*)<\/title>/i.exec(response.body)?.[1]?.trim() ?? null;
        return {
          url,
          status: response.status,
          title,
          listing: response.status === 200 && LISTING.test(response.body),
        };
      } catch {
        return { url, status: null, title: null, listing: false };
      }
    }),
  );
  return { probes };
}

/** The IndexNow key file at `/{key}.txt`, when the project has a key. */
export async function gatherIndexNow(context: GatherContext): Promise<IndexNowArtifact> {
  const key = context.options.indexNowKey ?? null;
  if (!key) return { key: null, keyLocation: null, status: null, body: '' };
  const page = await context.get('page');
  const keyLocation = new URL(`/${encodeURIComponent(key)}.txt`, page.finalUrl).href;
  try {
    const response = await context.fetch(keyLocation, {
      maxBytes: 1024,
      timeoutMs: PROBE_TIMEOUT_MS,
      signal: context.signal,
    });
    return { key, keyLocation, status: response.status, body: response.body };
  } catch {
    return { key, keyLocation, status: null, body: '' };
  }
}
