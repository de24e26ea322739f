/**
 * The code lists hreflang values are checked against. Kept as literal lists rather than asking
 * `Intl.DisplayNames`, whose answers depend on the ICU data Node was built with and which knows
 * reserved and withdrawn codes (`UK`, `EU`, `iw`) that search engines refuse.
 */

/** ISO 639-1 two-letter language codes (184, `bh` included as Google still lists it). */
export const ISO_639_1 = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy ' +
    'da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu ' +
    'hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb ' +
    'lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om ' +
    'or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ' +
    'ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
  ).split(' '),
);

/** ISO 3166-1 alpha-2 country codes, the 249 officially assigned ones. */
export const ISO_3166_1 = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
    'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
    'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
    'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
    'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
    'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
    'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
    'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** Common mistakes and the code the author meant. */
const LANGUAGE_HINTS: Record<string, string> = { iw: 'he', in: 'id', ji: 'yi', jp: 'ja', cz: 'cs', dk: 'da' };
const REGION_HINTS: Record<string, string> = { UK: 'GB', EL: 'GR' };

/** Why a language or region code was refused; `{code}` and `{hint}` are filled in. */
export const languageCodeMessages = {
  language: '“{code}” is not an ISO 639-1 language code',
  region: '“{code}” is not an ISO 3166-1 country code',
  hint: ' (use {hint})',
  underscore: 'use a hyphen, not an underscore',
  tooManyParts: 'too many parts; use language-REGION',
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * Why an hreflang value is invalid, or null when it is valid: `x-default`, or an ISO 639-1
 * language, optionally with an ISO 15924 script and an ISO 3166-1 alpha-2 region (`en`, `en-GB`,
 * `zh-Hant-TW`). Case does not matter.
 */
export function hreflangProblem(value: string): string | null {
  if (value.toLowerCase() === 'x-default') return null;
  const [language = '', ...rest] = value.split(/[-_]/);
  if (!ISO_639_1.has(language.toLowerCase())) {
    const hint = LANGUAGE_HINTS[language.toLowerCase()];
    return (
      fill(languageCodeMessages.language, { code: language || value }) +
      (hint ? fill(languageCodeMessages.hint, { hint }) : '')
    );
  }
  if (value.includes('_')) return languageCodeMessages.underscore;
  let subtags = rest;
  if (subtags[0] && /^[a-z]{4}$/i.test(subtags[0])) subtags = subtags.slice(1);
  if (subtags.length > 1) return languageCodeMessages.tooManyParts;
  const region = subtags[0];
  if (region === undefined) return null;
  if (ISO_3166_1.has(region.toUpperCase())) return null;
  const hint = REGION_HINTS[region.toUpperCase()];
  return (
    fill(languageCodeMessages.region, { code: region }) +
    (hint ? fill(languageCodeMessages.hint, { hint }) : '')
  );
}
