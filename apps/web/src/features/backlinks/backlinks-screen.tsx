import type { Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { DataSourceMissing } from '../seo-data/data-source-missing';
import { DataSpend } from '../seo-data/data-spend';
import { seoDataUsageQuery } from '../seo-data/seo-data.queries';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { useSelectedWebsite } from '../websites/use-selected-website';
import { WebsiteSelector } from '../websites/website-selector';
import { BacklinksExplorer } from './backlinks-explorer';
import { BacklinksLookup } from './backlinks-lookup';
import './backlinks.css';

const messages = {
  lookup: 'Backlinks of any domain',
  website: 'Backlinks of your website',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to see its backlinks here.',
  toDashboard: 'Go to the dashboard',
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
  const { websites, selected, select } = useSelectedWebsite();
  if (websites.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (websites.isError) return <ServerErrorAlert error={websites.error} />;
  if (!selected)
    return (
      <Card>
        <Empty description={messages.noWebsite}>
          <Link to="/dashboard">{messages.toDashboard}</Link>
        </Empty>
      </Card>
    );
  return <WebsiteCard website={selected} websites={websites.data} select={select} />;
}

function WebsiteCard({
  website,
  websites,
  select,
}: {
  website: Website;
  websites: Website[];
  select(guid: string): void;
}) {
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
