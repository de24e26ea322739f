import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainSchema, normaliseDomain, WEBSITE_MESSAGES } from './websites';

const INVALID = { ok: false, message: 'Invalid domain' } as const;

/** The product rule, written again here: two labels or more, a TLD that starts with a letter, ≤ 253. */
function looksLikeDomain(domain: string): boolean {
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  return labels.every((l) => label.test(l)) && /^[a-z]/.test(labels.at(-1)!);
}

/** All leading `www.` labels off, as the normaliser does. */
function withoutWww(domain: string): string {
  let host = domain;
  while (host.startsWith('www.')) host = host.slice(4);
  return host;
}

// Labels of letters, digits and inner hyphens (no `xn--`: those must be valid punycode).
const label = fc
  .stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)
  .filter((l) => !l.startsWith('xn--'));
const tld = fc.stringMatching(/^[a-z][a-z0-9-]{0,61}[a-z0-9]$/).filter((l) => !l.startsWith('xn--'));
const ownDomain = fc
  .tuple(
    fc.array(fc.oneof({ weight: 4, arbitrary: label }, fc.constant('www')), { minLength: 1, maxLength: 5 }),
    tld,
  )
  .map(([labels, last]) => [...labels, last].join('.'));
const fcDomain = fc.domain().filter((d) => !d.split('.').some((l) => l.startsWith('xn--')));
/** A valid domain that stays valid once its leading `www.` labels are off. */
const validDomain = fc
  .oneof(ownDomain, fcDomain)
  .filter((d) => looksLikeDomain(d) && looksLikeDomain(withoutWww(d)));

const space = fc.constantFrom('', ' ', '  ', '\t', '\n', ' \t\r\n ');

/** `domain` written as a user might paste it, around the same host. */
const decorated = (domain: string) =>
  fc
    .record({
      scheme: fc.constantFrom('', 'http://', 'https://'),
      user: fc.constantFrom('', 'user@', 'user:pa55@'),
      www: fc.boolean(),
      upper: fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
      port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      path: fc.option(fc.webPath(), { nil: undefined }),
      query: fc.option(fc.webQueryParameters(), { nil: undefined }),
      fragment: fc.option(fc.webFragments(), { nil: undefined }),
      before: space,
      after: space,
    })
    .map((d) => {
      const host = `${d.scheme}${d.user}${d.www ? 'www.' : ''}${domain}`;
      const cased = Array.from(host, (c, i) => (d.upper[i % d.upper.length] ? c.toUpperCase() : c)).join('');
      const port = d.port === undefined ? '' : `:${d.port}`;
      const path = d.path === undefined ? '' : d.path.startsWith('/') ? d.path : `/${d.path}`;
      const query = d.query === undefined ? '' : `?${d.query}`;
      const fragment = d.fragment === undefined ? '' : `#${d.fragment}`;
      return `${d.before}${cased}${port}${path}${query}${fragment}${d.after}`;
    });

/** Inputs for the total properties: noise, URLs, and host-like strings with odd parts. */
const anyInput = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(...'wW.:/@?#-_ %0aA1xn\t'), maxLength: 30 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  validDomain.chain(decorated),
  fc
    .array(fc.oneof(label, fc.constantFrom('www', 'WWW', '', '-', 'bücher', '127', '0x7f', '1')), {
      minLength: 1,
      maxLength: 6,
    })
    .chain((labels) =>
      fc
        .tuple(
          fc.constantFrom('', 'http://', 'https://', 'ftp://', '//', 'www.'),
          fc.constantFrom('', '.', '..'),
        )
        .map(([prefix, suffix]) => `${prefix}${labels.join('.')}${suffix}`),
    ),
);

describe('normaliseDomain: examples', () => {
  it.each([
    ['Example.COM', 'example.com'],
    [' https://www.shop.example.co.uk:8443/path?q=1#x ', 'shop.example.co.uk'],
    ['www.example.com', 'example.com'],
    ['WWW.Example.com', 'example.com'],
    ['wwwexample.com', 'wwwexample.com'],
    ['www.www.example.com', 'example.com'],
    ['www-example.com', 'www-example.com'],
    ['http://user:secret@example.com/', 'example.com'],
    ['example.com.', 'example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['https://www.Bücher.de/über', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['1.2.3.4.com', '1.2.3.4.com'],
    ['a-b.c0', 'a-b.c0'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  ])('%j → %s', (input, domain) => {
    expect(normaliseDomain(input)).toEqual({ ok: true, domain });
  });

  it.each([
    '127.0.0.1',
    'http://10.0.0.1:8080/',
    '[::1]',
    'http://[::1]/',
    '0x7f.1',
    'localhost',
    'com',
    'www.com',
    'www.www.com',
    '',
    '   ',
    'http://',
    'https://www.',
    'ftp://example.com',
    'javascript://example.com',
    'exa mple.com',
    'exa_mple.com',
    '-bad.com',
    'bad-.com',
    'a..b.com',
    'example.123',
    'example.c',
    'example.-com',
    `${'a'.repeat(64)}.com`,
    `${Array.from({ length: 64 }, () => 'abc').join('.')}.com`,
    `${'a'.repeat(2049)}.com`,
  ])('%j → Invalid domain', (input) => {
    expect(normaliseDomain(input)).toEqual(INVALID);
  });

  it('keeps the spec text', () => {
    expect(WEBSITE_MESSAGES.invalidDomain).toBe('Invalid domain');
  });
});

describe('normaliseDomain: properties', () => {
  it('finds the domain under any scheme, www., casing, user, port, path, query, fragment and spaces', () => {
    fc.assert(
      fc.property(
        validDomain.chain((d) => fc.tuple(fc.constant(d), decorated(d))),
        ([domain, input]) => {
          expect(normaliseDomain(input)).toEqual({ ok: true, domain: withoutWww(domain) });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is idempotent: a normalised domain normalises to itself', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const first = normaliseDomain(input);
        if (!first.ok) return;
        expect(normaliseDomain(first.domain)).toEqual(first);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws: a domain that matches the rule, or Invalid domain', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = normaliseDomain(input);
        if (result.ok) {
          expect(Object.keys(result).sort()).toEqual(['domain', 'ok']);
          expect(looksLikeDomain(result.domain), result.domain).toBe(true);
          expect(result.domain.startsWith('www.'), result.domain).toBe(false);
        } else {
          expect(result).toEqual(INVALID);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a valid domain with itself', () => {
    fc.assert(
      fc.property(validDomain.map(withoutWww), (domain) => {
        expect(normaliseDomain(domain)).toEqual({ ok: true, domain });
      }),
    );
  });
});

describe('DomainSchema', () => {
  it('parses to the normalised domain', () => {
    expect(DomainSchema.parse(' HTTPS://www.Example.com/x ')).toBe('example.com');
  });

  it.each(['x', '127.0.0.1', ''])('%j fails with Invalid domain', (input) => {
    const result = DomainSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe('Invalid domain');
  });

  it('refuses a value that is not a string', () => {
    const result = DomainSchema.safeParse(42);
    expect(result.success).toBe(false);
  });
});
