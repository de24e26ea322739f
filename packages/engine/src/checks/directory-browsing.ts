import { defineCheck, failed, notApplicable, passed } from './define-check';

const messages = {
  none: 'No asset folders were found to probe.',
  ok: '{count?The one asset folder probed shows no|None of the # asset folders probed shows a} directory listing.',
  listing: '{count} folder(s) show an automatic directory listing, exposing every file in them: {urls}.',
};

export const directoryBrowsing = defineCheck({
  key: 'directory-browsing',
  title: 'Directory listing',
  category: 'server-security',
  relevance: 3,
  scope: 'origin',
  requires: ['directoryProbes'],
  description:
    'Asks for the folders that hold the page’s own scripts, styles and images. A server that answers with an automatic “Index of /” page shows anyone every file there, including backups and files never meant to be public.',
  recommendation: 'Turn off automatic directory listings on the web server.',
  howToFix:
    'Apache: add <code>Options -Indexes</code> to the site configuration or .htaccess. nginx: make sure <code>autoindex</code> is off (the default). IIS: turn off Directory Browsing. Alternatively put an empty <code>index.html</code> in each folder. Check the listed folders for files that should not be online.',
  evaluate({ directoryProbes }, { format }) {
    const listings = directoryProbes.probes.filter((probe) => probe.listing).map((probe) => probe.url);
    const data = { directory_listing_urls: listings };
    if (directoryProbes.probes.length === 0) return notApplicable(messages.none, data);
    if (listings.length > 0)
      return failed(format(messages.listing, { count: listings.length, urls: listings.join(', ') }), data);
    return passed(format(messages.ok, { count: directoryProbes.probes.length }), data);
  },
});
