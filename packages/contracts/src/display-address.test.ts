import { describe, expect, it } from 'vitest';
import { displayHost, displayUrl } from './display-address';
import { normaliseDomain } from './websites';

describe('addresses as people write them', () => {
  it('shows an international host in Unicode, and any other as it is', () => {
    expect(displayHost('xn--mnchen-3ya.de')).toBe('münchen.de');
    expect(displayHost('www.xn--bcher-kva.example')).toBe('www.bücher.example');
    expect(displayHost('example.com')).toBe('example.com');
    // Not valid punycode: shown as stored rather than garbled.
    expect(displayHost('xn--zz.de')).toBe('xn--zz.de');
  });

  it('shows a URL with its host in Unicode and the rest untouched', () => {
    expect(displayUrl('https://xn--mnchen-3ya.de/stadtplan?q=%C3%BC')).toBe(
      'https://münchen.de/stadtplan?q=%C3%BC',
    );
    expect(displayUrl('http://example.com/xn--a')).toBe('http://example.com/xn--a');
    expect(displayUrl('not a url xn--')).toBe('not a url xn--');
  });

  it('round-trips what the domain field stores', () => {
    const stored = normaliseDomain('München.de');
    expect(stored).toMatchObject({ domain: 'xn--mnchen-3ya.de' });
    expect(displayHost(stored.ok ? stored.domain : '')).toBe('münchen.de');
  });
});
