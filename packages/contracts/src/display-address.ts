// The package's file itself: Node has a deprecated built-in `punycode` module of the same name.
import punycode from 'punycode/punycode.js';

/**
 * A host name as people write it: international names are stored and sent in their ASCII form
 * (`xn--mnchen-3ya.de`, what DNS and the URL parser use) and shown in Unicode (`münchen.de`).
 */
export function displayHost(host: string): string {
  if (!host.includes('xn--')) return host;
  try {
    return punycode.toUnicode(host);
  } catch {
    return host;
  }
}

/** A URL with its host as people write it (`https://münchen.de/karte`); anything else unchanged. */
export function displayUrl(url: string): string {
  if (!url.includes('xn--')) return url;
  try {
    const { hostname } = new URL(url);
    return url.replace(hostname, displayHost(hostname));
  } catch {
    return url;
  }
}
