import { defineCheck, failed, passed, warning } from './define-check';

/** Defaults an operator may tune: how many headers may be missing before the check fails. */
export const thresholds = { maxMissingForWarning: 3 };

const HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
] as const;
type SecurityHeader = (typeof HEADERS)[number];

const messages = {
  none: 'The page sends none of the {total} recommended security headers.',
  missing: 'The page lacks {count} of {total} security headers: {names}.',
  unsafeCsp: 'The Content-Security-Policy allows {keywords} for scripts, which lets injected scripts run.',
  ok: 'The page sends all {total} recommended security headers.',
};

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase()))
      map.set(
        name.toLowerCase(),
        values.map((v) => v.toLowerCase()),
      );
  }
  return map;
}

// 'unsafe-inline' is ignored when the same list has a nonce or a hash (CSP Level 2).
function unsafeScriptKeywords(csp: string): string[] {
  const parsed = directives(csp);
  const sources = parsed.get('script-src') ?? parsed.get('default-src');
  if (!sources) return [];
  const hasNonceOrHash = sources.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
  return [
    ...(sources.includes("'unsafe-inline'") && !hasNonceOrHash ? ["'unsafe-inline'"] : []),
    ...(sources.includes("'unsafe-eval'") ? ["'unsafe-eval'"] : []),
  ];
}

export const securityHeaders = defineCheck({
  key: 'security-headers',
  title: 'Security headers',
  category: 'server-security',
  relevance: 4,
  scope: 'page',
  requires: ['page'],
  description:
    'Security headers tell browsers to block common attacks on visitors: script injection (<code>Content-Security-Policy</code>), MIME sniffing (<code>X-Content-Type-Options</code>), clickjacking (<code>X-Frame-Options</code> or CSP <code>frame-ancestors</code>), leaking URLs (<code>Referrer-Policy</code>), unwanted device access (<code>Permissions-Policy</code>) and cross-window attacks (<code>Cross-Origin-Opener-Policy</code>).',
  recommendation:
    'Send Content-Security-Policy, X-Content-Type-Options, X-Frame-Options, Referrer-Policy, Permissions-Policy and Cross-Origin-Opener-Policy.',
  howToFix:
    "Add the headers in the web server or application, for example:<br><code>X-Content-Type-Options: nosniff</code><br><code>X-Frame-Options: SAMEORIGIN</code><br><code>Referrer-Policy: strict-origin-when-cross-origin</code><br><code>Permissions-Policy: camera=(), microphone=(), geolocation=()</code><br><code>Cross-Origin-Opener-Policy: same-origin</code><br>Build the <code>Content-Security-Policy</code> step by step: start with <code>Content-Security-Policy-Report-Only</code>, read the reports, then enforce it. Replace <code>'unsafe-inline'</code> with nonces or hashes and remove <code>'unsafe-eval'</code>.",
  evaluate({ page }, { format }) {
    const { headers } = page;
    const csp = headers['content-security-policy'] ?? null;
    const present = (name: SecurityHeader): boolean => {
      const value = headers[name]?.trim().toLowerCase();
      if (!value) return name === 'x-frame-options' && csp !== null && directives(csp).has('frame-ancestors');
      return name === 'x-content-type-options' ? value === 'nosniff' : true;
    };
    const missing = HEADERS.filter((name) => !present(name));
    const data = {
      security_headers: Object.fromEntries(HEADERS.map((name) => [name, headers[name] ?? null])),
      missing_headers: missing,
    };
    const total = HEADERS.length;
    if (missing.length === total) return failed(format(messages.none, { total }), data);
    const names = missing.join(', ');
    if (missing.length > thresholds.maxMissingForWarning)
      return failed(format(messages.missing, { count: missing.length, total, names }), data);
    if (missing.length > 0)
      return warning(format(messages.missing, { count: missing.length, total, names }), data);
    const unsafe = csp ? unsafeScriptKeywords(csp) : [];
    if (unsafe.length > 0)
      return warning(format(messages.unsafeCsp, { keywords: unsafe.join(' and ') }), data);
    return passed(format(messages.ok, { total }), data);
  },
});
