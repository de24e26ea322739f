import { judgeLink } from '../checks/broken-links';
import type { EngineFetch } from '../gather/fetch-contract';
import { askLink, linkVerifyLimits } from '../gather/link-verifier';

/** What a link of a crawled site comes to, for the Broken Links tool. */
export type LinkTargetKind =
  | 'broken'
  | 'redirect_loop'
  | 'redirect_chain'
  | 'redirected'
  | 'not_verified'
  | 'ok';

export interface LinkTargetVerdict {
  kind: LinkTargetKind;
  /** The first answer's status (a redirect's 3xx); null when there was none. */
  status: number | null;
  /** Why there is no verdict (not verified) or no answer, in words; null otherwise. */
  reason: string | null;
  /** Every hop of a redirect, the final answer last; empty when the link answered at once. */
  chain: { url: string; status: number }[];
}

/** Hops followed one by one to tell a loop from a long chain. */
const TRACE_MAX_HOPS = 20;

/**
 * Asks one link target (HEAD, GET when HEAD is refused) and says what it is, with the judgement of
 * the checkup's broken-links check: a definite 4xx/5xx is broken; no answer, a bot wall or a rate
 * limit is not verified. Redirects are told apart: one hop, a chain of two or more, or a loop.
 */
export async function checkLinkTarget(
  fetch: EngineFetch,
  url: string,
  internal: boolean,
  signal?: AbortSignal,
): Promise<LinkTargetVerdict> {
  const answer = await askLink(fetch, url, signal);
  if (answer.errorCode === 'too-many-redirects') {
    const trace = await traceRedirects(fetch, url, signal);
    return {
      kind: trace.loopsTo ? 'redirect_loop' : 'redirect_chain',
      status: trace.hops[0]?.status ?? null,
      reason: trace.loopsTo ? `The redirects lead back to ${trace.loopsTo}` : (answer.error ?? null),
      chain: trace.hops,
    };
  }
  const hops = answer.redirects ?? [];
  const chain =
    hops.length > 0 && answer.status !== null
      ? [
          ...hops.map((hop) => ({ url: hop.url, status: hop.status })),
          { url: answer.finalUrl!, status: answer.status },
        ]
      : [];
  const status = hops[0]?.status ?? answer.status;
  const verdict = judgeLink({ ...answer, anchor: '', internal });
  if (verdict.kind === 'unverified') return { kind: 'not_verified', status, reason: verdict.reason, chain };
  if (verdict.kind === 'broken') return { kind: 'broken', status, reason: null, chain };
  const kind = hops.length >= 2 ? 'redirect_chain' : hops.length === 1 ? 'redirected' : 'ok';
  return { kind, status, reason: null, chain };
}

/** Follows a redirect hop by hop until it ends, errs, or comes back to an address it passed. */
async function traceRedirects(
  fetch: EngineFetch,
  url: string,
  signal?: AbortSignal,
): Promise<{ hops: { url: string; status: number }[]; loopsTo: string | null }> {
  const hops: { url: string; status: number }[] = [];
  const seen = new Set<string>();
  let current = url;
  for (let step = 0; step < TRACE_MAX_HOPS; step++) {
    if (seen.has(current)) return { hops, loopsTo: current };
    seen.add(current);
    let response: Awaited<ReturnType<EngineFetch>>;
    try {
      response = await fetch(current, {
        method: 'HEAD',
        followRedirects: false,
        timeoutMs: linkVerifyLimits.timeoutMs,
        ...(signal ? { signal } : {}),
      });
    } catch {
      break;
    }
    hops.push({ url: current, status: response.status });
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) break;
    current = new URL(location, current).href;
  }
  return { hops, loopsTo: null };
}
