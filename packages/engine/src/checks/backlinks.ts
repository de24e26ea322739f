import { defineCheck, passed, warning } from './define-check';

/** Defaults an operator may tune. */
export const thresholds = { fewReferringDomains: 10, mostlyNofollow: 0.8, shown: 20 };

const messages = {
  few: 'Only {domains} domains link to the site; links from other sites are one of the strongest ranking signals.',
  nofollow: '{share} % of the links to the site are nofollow, so they pass little authority.',
  ok: '{domains} domains link to the site.',
};

export const backlinks = defineCheck({
  key: 'backlinks',
  title: 'Backlinks',
  category: 'links-crawlability',
  relevance: 4,
  scope: 'origin',
  requires: ['seoData'],
  description:
    'Links from other websites to this site, from the SEO data provider: how many domains link to it, and the strongest links with their anchor text and rel attribute.',
  recommendation: 'Earn links from relevant, trusted sites in your field.',
  howToFix:
    'Publish things others want to cite: original data, guides, tools, good pictures. Get listed by suppliers, partners, associations and local directories you really belong to. Ask sites that mention you without a link to add one. Avoid bought links and link schemes: search engines ignore or penalise them.',
  evaluate({ seoData }, { format }) {
    const data = {
      backlinks_list: seoData.backlinks.slice(0, thresholds.shown),
      referring_domains: seoData.referringDomains,
    };
    if (seoData.referringDomains < thresholds.fewReferringDomains)
      return warning(format(messages.few, { domains: seoData.referringDomains }), data);
    if (seoData.nofollowShare > thresholds.mostlyNofollow)
      return warning(format(messages.nofollow, { share: Math.round(seoData.nofollowShare * 100) }), data);
    return passed(format(messages.ok, { domains: seoData.referringDomains }), data);
  },
});
