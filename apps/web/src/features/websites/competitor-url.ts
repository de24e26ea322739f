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
