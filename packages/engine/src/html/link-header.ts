/** One entry of an HTTP `Link` header: `<https://example.com/>; rel="canonical"`. */
export interface LinkHeaderEntry {
  url: string;
  /** Parameter names lower-cased, quotes removed. */
  params: Record<string, string>;
}

/** Parses a `Link` header (RFC 8288); commas inside `<…>` or quotes do not split entries. */
export function parseLinkHeader(value: string | undefined): LinkHeaderEntry[] {
  if (!value) return [];
  const entries: LinkHeaderEntry[] = [];
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,=\s]+(?:\s*=\s*(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const params: Record<string, string> = {};
    for (const param of match[2]!.matchAll(/;\s*([^;,=\s]+)(?:\s*=\s*(?:"([^"]*)"|([^;,]*)))?/g))
      params[param[1]!.toLowerCase()] = (param[2] ?? param[3] ?? '').trim();
    entries.push({ url: match[1]!.trim(), params });
  }
  return entries;
}

/** True when a space-separated `rel` value contains `token`, ignoring case. */
export function hasRel(rel: string | undefined, token: string): boolean {
  return (rel ?? '').toLowerCase().split(/\s+/).includes(token);
}
