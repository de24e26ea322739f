import { Card } from 'antd';
import { DataScreen } from '../seo-data/data-screen';
import { DataSpend } from '../seo-data/data-spend';
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
  return (
    <DataScreen>
      <Card title={messages.research} className="seo-data-card">
        <div className="seo-data-stack">
          <KeywordResearchForm />
          <DataSpend />
        </div>
      </Card>
      <WebsiteKeywords />
    </DataScreen>
  );
}

function WebsiteKeywords() {
  return (
    <SelectedWebsiteGate noWebsite={messages.noWebsite}>
      {(selected) => <WebsiteKeywordsCard key={selected.website.guid} {...selected} />}
    </SelectedWebsiteGate>
  );
}
