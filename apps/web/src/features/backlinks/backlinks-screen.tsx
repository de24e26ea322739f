import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { DataSourceMissing } from '../seo-data/data-source-missing';
import { DataSpend } from '../seo-data/data-spend';
import { seoDataUsageQuery } from '../seo-data/seo-data.queries';
import { type SelectedWebsite, SelectedWebsiteGate } from '../websites/selected-website-gate';
import { WebsiteSelector } from '../websites/website-selector';
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
  const usage = useQuery(seoDataUsageQuery);
  if (usage.data?.configured === false)
    return (
      <div className="bl-page">
        <Card>
          <DataSourceMissing />
        </Card>
      </div>
    );
  return (
    <div className="bl-page">
      <Card title={messages.lookup} className="bl-card">
        <BacklinksLookup />
        <DataSpend />
      </Card>
      <WebsiteBacklinks />
    </div>
  );
}

function WebsiteBacklinks() {
  return (
    <SelectedWebsiteGate noWebsite={messages.noWebsite}>
      {(selected) => <WebsiteCard {...selected} />}
    </SelectedWebsiteGate>
  );
}

function WebsiteCard({ website, websites, select }: SelectedWebsite) {
  return (
    <Card
      className="bl-card"
      title={messages.website}
      extra={<WebsiteSelector websites={websites} value={website.guid} onChange={select} />}
    >
      <BacklinksExplorer key={website.domain} domain={website.domain} />
    </Card>
  );
}
