/** The choices of a competitor's scheme select (https:// first, the default). */
export const SCHEMES = ['https://', 'http://'] as const;

/**
 * A competitor URL as the wizard and the settings build it (spec 5): lower-cased and trimmed, with
 * the chosen scheme unless the user typed one.
 */
export function competitorUrl(scheme: string, typed: string): string {
  const value = typed.trim().toLowerCase();
  return /^https?:\/\//.test(value) ? value : `${scheme}${value}`;
}

/** A stored URL as a form shows it: the scheme in its select, the rest (a bare host without its "/") in the input. */
export function splitUrl(url: string): { scheme: string; domain: string } {
  const match = /^(https?:\/\/)(.*)$/i.exec(url.trim());
  const scheme = SCHEMES.find((s) => s === match?.[1]?.toLowerCase()) ?? SCHEMES[0];
  const rest = match ? (match[2] ?? '') : url.trim();
  return { scheme, domain: rest.replace(/^([^/]+)\/$/, '$1') };
}
