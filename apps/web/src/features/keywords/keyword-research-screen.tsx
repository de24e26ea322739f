import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { DataSourceMissing } from '../seo-data/data-source-missing';
import { DataSpend } from '../seo-data/data-spend';
import { seoDataUsageQuery } from '../seo-data/seo-data.queries';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { useSelectedWebsite } from '../websites/use-selected-website';
import { KeywordResearchForm } from './keyword-research-form';
import { WebsiteKeywordsCard } from './website-keywords-card';
import './keywords.css';

const messages = {
  research: 'Research keywords',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to research its keywords here.',
  toDashboard: 'Go to the dashboard',
};

/**
 * /keyword-research[?w_guid=] (spec 2.6): suggestions for any keyword in any market, and below, the
 * selected website's top keywords, each with its suggestions. A server without a data source shows
 * one panel instead.
 */
export function KeywordResearchScreen() {
  const usage = useQuery(seoDataUsageQuery);
  if (usage.data?.configured === false)
    return (
      <div className="kw-page">
        <Card>
          <DataSourceMissing />
        </Card>
      </div>
    );
  return (
    <div className="kw-page">
      <Card title={messages.research} className="kw-card">
        <div className="kw-section">
          <KeywordResearchForm />
          <DataSpend />
        </div>
      </Card>
      <WebsiteKeywords />
    </div>
  );
}

function WebsiteKeywords() {
  const { websites, selected, select } = useSelectedWebsite();
  if (websites.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (websites.isError) return <ServerErrorAlert error={websites.error} />;
  if (!selected)
    return (
      <Card>
        <Empty description={messages.noWebsite}>
          <Link to="/dashboard">{messages.toDashboard}</Link>
        </Empty>
      </Card>
    );
  return (
    <WebsiteKeywordsCard key={selected.guid} website={selected} websites={websites.data} select={select} />
  );
}
