import { countryLanguages, isKnownMarket } from '@sitelens/contracts';
import { describe, expect, it } from 'vitest';
import { marketOf, parseLanguageTag } from './market';

type Signals = Parameters<typeof marketOf>[1];

const site = (signals: Partial<Signals> = {}): Signals => ({
  htmlLang: null,
  contentLanguage: null,
  hreflang: [],
  ...signals,
});

const market = (location_name: string, language_code: string) => ({ location_name, language_code });
const US_EN = market('United States', 'en');

describe('parseLanguageTag', () => {
  it.each([
    ['en', { language: 'en', region: null }],
    ['en-GB', { language: 'en', region: 'GB' }],
    ['EN-gb', { language: 'en', region: 'GB' }],
    ['de_DE', { language: 'de', region: 'DE' }],
    [' pt-BR ', { language: 'pt', region: 'BR' }],
    ['zh-Hant-TW', { language: 'zh', region: 'TW' }],
    ['es-419', { language: 'es', region: null }],
  ])('%j → %j', (tag, parsed) => {
    expect(parseLanguageTag(tag)).toEqual(parsed);
  });

  it.each([null, undefined, '', '   ', 'xyz', 'e', 'x-default', 'i-klingon', '12', 'é'])(
    '%j → null',
    (tag) => {
      expect(parseLanguageTag(tag)).toBeNull();
    },
  );
});

describe('marketOf', () => {
  it('checks the data the cases below rely on', () => {
    expect(countryLanguages('Canada')).toContain('fr');
    expect(countryLanguages('Germany')).not.toContain('en');
    expect(isKnownMarket('Brazil', 'pt')).toBe(true);
    expect(isKnownMarket('Mexico', 'es')).toBe(true);
  });

  it('no signals on a .com → United States / en', () => {
    expect(marketOf('example.com', site())).toEqual(US_EN);
  });

  it('<html lang="de"> on a .com → Germany / de', () => {
    expect(marketOf('example.com', site({ htmlLang: 'de' }))).toEqual(market('Germany', 'de'));
  });

  it('lang="en-GB" → United Kingdom / en', () => {
    expect(marketOf('example.com', site({ htmlLang: 'en-GB' }))).toEqual(market('United Kingdom', 'en'));
  });

  it('lang="en" on a .com → United States / en', () => {
    expect(marketOf('example.com', site({ htmlLang: 'en' }))).toEqual(US_EN);
  });

  it('a .de domain with no language signal → Germany / de', () => {
    expect(marketOf('example.de', site())).toEqual(market('Germany', 'de'));
  });

  it('a .co.uk domain with no signal → United Kingdom / en', () => {
    expect(marketOf('shop.example.co.uk', site())).toEqual(market('United Kingdom', 'en'));
  });

  it.each(['example.io', 'example.co', 'example.ai', 'example.tv'])(
    '%s (a ccTLD sold as generic) with no signal → United States / en',
    (domain) => {
      expect(marketOf(domain, site())).toEqual(US_EN);
    },
  );

  it('a TLD that is no country (.eu) with no signal → United States / en', () => {
    expect(marketOf('example.eu', site())).toEqual(US_EN);
  });

  it('lang="fr" on a .ca domain → Canada / fr', () => {
    expect(marketOf('example.ca', site({ htmlLang: 'fr' }))).toEqual(market('Canada', 'fr'));
  });

  it('lang="en" on a .de domain (Germany does not list en) → United States / en', () => {
    expect(marketOf('example.de', site({ htmlLang: 'en' }))).toEqual(US_EN);
  });

  it('lang="de" on a .ch domain → Switzerland / de (the TLD wins over the country named like the language)', () => {
    expect(marketOf('example.ch', site({ htmlLang: 'de' }))).toEqual(market('Switzerland', 'de'));
  });

  it('the tag region wins over the TLD', () => {
    expect(marketOf('example.de', site({ htmlLang: 'de-AT' }))).toEqual(market('Austria', 'de'));
  });

  it('a region whose country does not speak the language falls to the TLD', () => {
    expect(marketOf('example.de', site({ htmlLang: 'de-US' }))).toEqual(market('Germany', 'de'));
  });

  it('Content-Language pt-BR and no html lang → Brazil / pt', () => {
    expect(marketOf('example.com', site({ contentLanguage: 'pt-BR' }))).toEqual(market('Brazil', 'pt'));
  });

  it('Content-Language with several languages: the first one counts', () => {
    expect(marketOf('example.com', site({ contentLanguage: 'de-DE, en' }))).toEqual(market('Germany', 'de'));
  });

  it('a single hreflang es-MX → Mexico / es', () => {
    expect(marketOf('example.com', site({ hreflang: ['es-MX'] }))).toEqual(market('Mexico', 'es'));
  });

  it('several hreflangs and no other signal → the default (from the TLD, else United States)', () => {
    const hreflang = ['es-MX', 'fr-FR', 'de-DE'];
    expect(marketOf('example.com', site({ hreflang }))).toEqual(US_EN);
    expect(marketOf('example.de', site({ hreflang }))).toEqual(market('Germany', 'de'));
    expect(marketOf('example.co.uk', site({ hreflang }))).toEqual(market('United Kingdom', 'en'));
  });

  it('html lang wins over Content-Language and hreflang', () => {
    expect(
      marketOf('example.com', site({ htmlLang: 'fr-FR', contentLanguage: 'pt-BR', hreflang: ['es-MX'] })),
    ).toEqual(market('France', 'fr'));
  });

  it('Content-Language wins over the one hreflang', () => {
    expect(marketOf('example.com', site({ contentLanguage: 'pt-BR', hreflang: ['es-MX'] }))).toEqual(
      market('Brazil', 'pt'),
    );
  });

  it('a malformed lang falls through to the next signal', () => {
    expect(marketOf('example.com', site({ htmlLang: 'xyz', contentLanguage: 'pt-BR' }))).toEqual(
      market('Brazil', 'pt'),
    );
    expect(
      marketOf('example.com', site({ htmlLang: 'xyz', contentLanguage: 'x', hreflang: ['es-MX'] })),
    ).toEqual(market('Mexico', 'es'));
    expect(marketOf('example.de', site({ htmlLang: 'xyz' }))).toEqual(market('Germany', 'de'));
    expect(marketOf('example.com', site({ htmlLang: 'xyz' }))).toEqual(US_EN);
  });

  it('a language whose code is not a country code → its main country', () => {
    // 'ja' is not a country code (JA); its main country is Japan.
    expect(marketOf('example.com', site({ htmlLang: 'ja' }))).toEqual({
      location_name: 'Japan',
      language_code: 'ja',
    });
    expect(marketOf('example.com', site({ htmlLang: 'sv' }))).toEqual({
      location_name: 'Sweden',
      language_code: 'sv',
    });
  });

  it('always answers a known market', () => {
    const tags = [null, 'en', 'de', 'fr-CA', 'pt-BR', 'es-419', 'zh-Hant-TW', 'ar', 'xyz', 'ca', 'sv'];
    const domains = ['example.com', 'example.de', 'example.io', 'example.co.uk', 'example.ca', 'example.es'];
    for (const domain of domains) {
      for (const htmlLang of tags) {
        const answer = marketOf(domain, site({ htmlLang }));
        expect(isKnownMarket(answer.location_name, answer.language_code), `${domain} ${htmlLang}`).toBe(true);
      }
    }
  });
});
