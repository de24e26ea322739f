import { setMaxListeners } from 'node:events';
import type { ArtifactName, Artifacts } from '../artifacts';
import { gatherBrowser } from './browser';
import { ArtifactUnavailable, type GatherContext, type Gatherer } from './context';
import { gatherDns } from './dns';
import { parseDocument } from './document';
import { gatherImages } from './images';
import { gatherLinkChecks } from './link-checks';
import { gatherPage } from './page';
import {
  gatherDirectoryProbes,
  gatherIndexNow,
  gatherNotFound,
  gatherPageRepeat,
  gatherUrlVariants,
} from './probes';
import { gatherResources } from './resources';
import { gatherSitemaps } from './sitemaps';
import { gatherTextFile } from './text-file';
import { gatherTls } from './tls';

const unavailable = (reason: string) => () => Promise.reject(new ArtifactUnavailable(reason));

const provider =
  <N extends 'fieldData' | 'seoData' | 'safeBrowsing'>(name: N, missing: string): Gatherer<N> =>
  async (context) => {
    const fetchData = context.options.providers?.[name];
    if (!fetchData) throw new ArtifactUnavailable(missing);
    return fetchData(context.url) as Promise<Artifacts[N]>;
  };

/** Which gatherer makes each artifact; gatherers ask for the artifacts they build on. */
const GATHERERS: { [N in ArtifactName]: Gatherer<N> } = {
  page: (context) => gatherPage(context.fetch, context.url),
  document: async (context) => {
    const page = await context.get('page');
    return parseDocument(page.html, page.finalUrl);
  },
  robotsTxt: async (context) =>
    gatherTextFile(context.fetch, (await context.get('page')).finalUrl, 'robotsTxt'),
  llmsTxt: async (context) => gatherTextFile(context.fetch, (await context.get('page')).finalUrl, 'llmsTxt'),
  adsTxt: async (context) => gatherTextFile(context.fetch, (await context.get('page')).finalUrl, 'adsTxt'),
  resources: gatherResources,
  sitemaps: gatherSitemaps,
  tls: gatherTls,
  dns: gatherDns,
  urlVariants: gatherUrlVariants,
  notFound: gatherNotFound,
  pageRepeat: gatherPageRepeat,
  directoryProbes: gatherDirectoryProbes,
  indexNow: gatherIndexNow,
  linkChecks: gatherLinkChecks,
  images: gatherImages,
  browser: async (context) => {
    if (!context.options.browser)
      throw new ArtifactUnavailable('Not measured: the browser checks were turned off for this run.');
    return gatherBrowser(context);
  },
  fieldData: provider('fieldData', 'No Chrome UX Report key is configured, so there is no field data.'),
  seoData: provider('seoData', 'No SEO data provider (DataForSEO) is configured.'),
  safeBrowsing: provider('safeBrowsing', 'No Safe Browsing key is configured.'),
  crawl: unavailable(
    'Needs the whole site: this check runs when the whole site is crawled, not in a one-page checkup.',
  ),
};

/** Artifacts that depend on the origin alone: a crawl gathers them once per origin. */
export const ORIGIN_ARTIFACTS: ReadonlySet<ArtifactName> = new Set([
  'robotsTxt',
  'llmsTxt',
  'adsTxt',
  'sitemaps',
  'tls',
  'dns',
  'urlVariants',
  'notFound',
  'directoryProbes',
  'indexNow',
  'safeBrowsing',
]);

/** A gathering context for one URL: each artifact is gathered on first request, then shared. */
export function createGatherContext(
  init: Pick<GatherContext, 'url' | 'fetch' | 'fetcher' | 'options' | 'signal'>,
): GatherContext & { started(name: ArtifactName): boolean } {
  const gathered = new Map<ArtifactName, Promise<unknown>>();
  // Every concurrent fetch listens to the run's signal; dozens at once are expected, not a leak.
  setMaxListeners(0, init.signal);
  const context: GatherContext & { started(name: ArtifactName): boolean } = {
    ...init,
    bodies: new Map(),
    get<N extends ArtifactName>(name: N): Promise<Artifacts[N]> {
      let promise = gathered.get(name) as Promise<Artifacts[N]> | undefined;
      if (!promise) {
        const shared = init.options.originCache;
        const originKey = shared && ORIGIN_ARTIFACTS.has(name) ? `${name} ${new URL(init.url).origin}` : null;
        promise = (originKey ? shared!.get(originKey) : undefined) as Promise<Artifacts[N]> | undefined;
        if (!promise) {
          promise = (GATHERERS[name] as Gatherer<N>)(context);
          if (originKey) shared!.set(originKey, promise);
        }
        // The checks that need it report the failure; an unobserved rejection must not crash the run.
        promise.catch(() => {});
        gathered.set(name, promise);
      }
      return promise;
    },
    started: (name) => gathered.has(name),
  };
  return context;
}
