import { Card } from 'antd';
import { DataScreen } from '../seo-data/data-screen';
import { DataSpend } from '../seo-data/data-spend';
import { WebsiteDataCard } from '../seo-data/website-data-card';
import { SelectedWebsiteGate } from '../websites/selected-website-gate';
import { BacklinksExplorer } from './backlinks-explorer';
import { BacklinksLookup } from './backlinks-lookup';
import './backlinks.css';

const messages = {
  lookup: 'Backlinks of any domain',
  website: 'Backlinks of your website',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to see its backlinks here.',
};

/**
 * /backlinks[?w_guid=]: any domain's backlinks in a modal, and below, the selected website's own.
 * A server without a data source shows one panel instead.
 */
export function BacklinksScreen() {
  return (
    <DataScreen>
      <Card title={messages.lookup} className="seo-data-card">
        <BacklinksLookup />
        <DataSpend />
      </Card>
      <WebsiteBacklinks />
    </DataScreen>
  );
}

function WebsiteBacklinks() {
  return (
    <SelectedWebsiteGate noWebsite={messages.noWebsite}>
      {(selected) => (
        <WebsiteDataCard title={messages.website} selected={selected}>
          <BacklinksExplorer key={selected.website.domain} domain={selected.website.domain} />
        </WebsiteDataCard>
      )}
    </SelectedWebsiteGate>
  );
}
