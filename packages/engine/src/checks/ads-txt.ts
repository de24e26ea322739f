import { defineCheck, failed, notApplicable, passed, warning } from './define-check';

export const thresholds = { maxListedErrors: 20 };

/** Ad scripts whose presence means the site sells ads, so ads.txt matters. */
const AD_SCRIPTS =
  /googlesyndication\.com|doubleclick\.net|adservice\.google|amazon-adsystem\.com|adnxs\.com|pubmatic\.com|rubiconproject\.com|criteo\.(com|net)|taboola\.com|outbrain\.com|media\.net/i;

const messages = {
  notApplicable: 'The site has no ads.txt and shows no ads, so ads.txt does not apply.',
  missingWithAds:
    'The page loads ad scripts but there is no ads.txt at {url}: buyers may treat the inventory as unauthorised.',
  html: 'The ads.txt at {url} is served as an HTML page, so ad systems cannot read it.',
  allInvalid: 'None of the {count} record(s) in ads.txt is valid.',
  someInvalid: '{invalid} of {count} record(s) in ads.txt are not valid, for example line {line}.',
  ok: 'ads.txt is plain text and all {count} record(s) are valid.',
};

const VARIABLES = /^(contact|subdomain|ownerdomain|managerdomain|inventorypartnerdomain)\s*=/i;
const RECORD = /^[a-z0-9.-]+\.[a-z]{2,}\s*,\s*[^,\s]+\s*,\s*(direct|reseller)\s*(,\s*[a-z0-9]+\s*)?$/i;

export const adsTxt = defineCheck({
  key: 'ads-txt',
  title: 'ads.txt',
  category: 'advanced',
  relevance: 2,
  scope: 'origin',
  requires: ['adsTxt', 'page'],
  description:
    '<code>/ads.txt</code> (IAB Authorized Digital Sellers) lists who may sell the ad space of the site. Ad buyers check it to avoid counterfeit inventory.',
  recommendation: 'If the site shows ads, publish a valid ads.txt listing every authorised seller.',
  howToFix:
    'Create <code>/ads.txt</code> as plain text with one record per line: <code>google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0</code> (ad system domain, your account id, DIRECT or RESELLER, and the optional certification id). Your ad networks give you the exact lines.',
  evaluate({ adsTxt: file, page }, { format }) {
    const present = file.status !== null && file.status >= 200 && file.status < 300;
    if (!present) {
      const hasAds = AD_SCRIPTS.test(page.html);
      return hasAds
        ? warning(format(messages.missingWithAds, { url: file.url }), {
            ads_txt: { url: file.url, valid: false, errors: [] },
          })
        : notApplicable(messages.notApplicable);
    }
    if ((file.contentType ?? '').toLowerCase().includes('html') || /^\s*<(!doctype|html)/i.test(file.body))
      return failed(format(messages.html, { url: file.url }), {
        ads_txt: { url: file.url, valid: false, errors: [] },
      });
    const records = file.body
      .split(/\r\n|\r|\n/)
      .map((raw, index) => ({ line: index + 1, text: raw.replace(/#.*$/, '').trim() }))
      .filter((entry) => entry.text !== '' && !VARIABLES.test(entry.text));
    const invalid = records.filter((entry) => !RECORD.test(entry.text));
    const errors = invalid
      .slice(0, thresholds.maxListedErrors)
      .map((entry) => ({ line: entry.line, text: entry.text }));
    const data = { ads_txt: { url: file.url, valid: invalid.length === 0, errors } };
    if (records.length > 0 && invalid.length === records.length)
      return failed(format(messages.allInvalid, { count: records.length }), data);
    if (invalid.length > 0)
      return warning(
        format(messages.someInvalid, {
          invalid: invalid.length,
          count: records.length,
          line: invalid[0]!.line,
        }),
        data,
      );
    return passed(format(messages.ok, { count: records.length }), data);
  },
});
