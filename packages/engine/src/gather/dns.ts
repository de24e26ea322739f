import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import { getDomain } from 'tldts';
import type { DnsArtifact } from '../artifacts';
import { ArtifactUnavailable, type GatherContext } from './context';

/** RFC 7208 §4.6.4: at most 10 DNS-querying terms per SPF evaluation. */
export const SPF_LOOKUP_LIMIT = 10;
const LOOKUP_TERM = /^[+\-~?]?(include:|a\b|a:|a\/|mx\b|mx:|mx\/|ptr\b|ptr:|exists:)|^redirect=/i;

const systemResolveTxt = (name: string) => {
  const resolver = new Resolver({ timeout: 5000, tries: 2 });
  return resolver.resolveTxt(name);
};

/**
 * The SPF and DMARC TXT records of the page's registrable domain, with the SPF lookups counted
 * through its include and redirect chain. "No record" is data; a failing resolver is an error.
 */
export async function gatherDns(context: GatherContext): Promise<DnsArtifact> {
  const page = await context.get('page');
  const host = new URL(page.finalUrl).hostname;
  const domain = net.isIP(host.replace(/^\[|\]$/g, '')) ? null : getDomain(host);
  if (!domain) throw new ArtifactUnavailable(`${host} has no registered domain to look up mail records for.`);
  const resolveTxt = context.options.resolveTxt ?? systemResolveTxt;
  const txt = async (name: string): Promise<string[]> => {
    try {
      return (await resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      throw error;
    }
  };
  try {
    const [root, dmarcTxt] = await Promise.all([txt(domain), txt(`_dmarc.${domain}`)]);
    const spf = root.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
    const dmarc = dmarcTxt.filter((record) => /^v=DMARC1/i.test(record.trim()));
    const spfLookups = spf.length === 1 ? await countLookups(spf[0]!, txt, new Set([domain])) : null;
    return { domain, spf, spfLookups, dmarc, error: null };
  } catch (error) {
    return {
      domain,
      spf: [],
      spfLookups: null,
      dmarc: [],
      error: `The DNS lookup failed: ${(error as Error).message}`,
    };
  }
}

async function countLookups(
  record: string,
  txt: (name: string) => Promise<string[]>,
  visited: Set<string>,
): Promise<number> {
  let count = 0;
  for (const term of record.trim().split(/\s+/).slice(1)) {
    if (!LOOKUP_TERM.test(term)) continue;
    count++;
    if (count > SPF_LOOKUP_LIMIT) return count;
    const target = /^[+\-~?]?include:(.+)$/i.exec(term)?.[1] ?? /^redirect=(.+)$/i.exec(term)?.[1];
    if (!target || visited.has(target.toLowerCase())) continue;
    visited.add(target.toLowerCase());
    const nested = (await txt(target)).find((r) => /^v=spf1(\s|$)/i.test(r.trim()));
    if (nested) count += await countLookups(nested, txt, visited);
    if (count > SPF_LOOKUP_LIMIT) return count;
  }
  return count;
}
