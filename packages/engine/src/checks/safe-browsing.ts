import { defineCheck, failed, passed } from './define-check';

const messages = {
  clean: 'The site is on no malware or phishing blocklist.',
  listed:
    'The site is on a blocklist for {threats}: browsers show visitors a red warning page instead of it.',
};

export const safeBrowsing = defineCheck({
  key: 'safe-browsing',
  title: 'Malware/phishing lists',
  category: 'server-security',
  relevance: 6,
  scope: 'origin',
  requires: ['safeBrowsing'],
  description:
    'Asks Google Safe Browsing whether the site is listed for malware, phishing or unwanted software. A listed site is shown behind a full-page warning in Chrome, Firefox and Safari, and drops out of search.',
  recommendation: 'Clean the site and ask for a review in Google Search Console.',
  howToFix:
    'Open the Security issues report in Google Search Console to see the listed URLs. Remove the injected code or files (check recently changed files, plugins and themes, and the database), update every component, change all passwords and keys, then request a review from the same report. Listings are usually lifted within a few days after a clean review.',
  evaluate({ safeBrowsing }, { format }) {
    const data = { safe_browsing: { status: safeBrowsing.status, threats: safeBrowsing.threats } };
    if (safeBrowsing.status === 'listed')
      return failed(
        format(messages.listed, { threats: safeBrowsing.threats.join(', ') || 'unsafe content' }),
        data,
      );
    return passed(messages.clean, data);
  },
});
