import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { DataSourceMissing } from '../seo-data/data-source-missing';
import { DataSpend } from '../seo-data/data-spend';
import { seoDataUsageQuery } from '../seo-data/seo-data.queries';
import { SelectedWebsiteGate } from '../websites/selected-website-gate';
import { KeywordResearchForm } from './keyword-research-form';
import { WebsiteKeywordsCard } from './website-keywords-card';
import './keywords.css';

const messages = {
  research: 'Research keywords',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to research its keywords here.',
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
  return (
    <SelectedWebsiteGate noWebsite={messages.noWebsite}>
      {(selected) => <WebsiteKeywordsCard key={selected.website.guid} {...selected} />}
    </SelectedWebsiteGate>
  );
}
