import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useState } from 'react';
import { DataScreen } from '../seo-data/data-screen';
import { DataSourceMissing } from '../seo-data/data-source-missing';
import { DataSpend } from '../seo-data/data-spend';
import { isDataSourceMissing } from '../seo-data/seo-data-error';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { WebsiteDataCard } from '../seo-data/website-data-card';
import { type SelectedWebsite, SelectedWebsiteGate } from '../websites/selected-website-gate';
import { type Market, type TopKeywordSort, topKeywordsOverviewQuery } from './keywords.queries';
import { websiteMarket } from './market';
import { MarketPicker } from './market-picker';
import { TopKeywordsOverview } from './top-keywords-overview';
import { TopKeywordsTable, useTopKeywords } from './top-keywords-table';
import './keywords.css';

const messages = {
  overview: 'Keywords overview',
  table: 'Top Keywords',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to see its top keywords here.',
};

/**
 * /top-keywords[?w_guid=]: the keywords the selected website ranks for (spec 2.4), in its market or
 * one chosen here for this screen only. A server without a data source shows one panel instead.
 */
export function TopKeywordsScreen() {
  return (
    <DataScreen>
      <SelectedWebsiteGate noWebsite={messages.noWebsite}>
        {(selected) => (
          // Keyed: another website starts again from its own market.
          <WebsiteKeywords key={selected.website.guid} {...selected} />
        )}
      </SelectedWebsiteGate>
    </DataScreen>
  );
}

function WebsiteKeywords(selected: SelectedWebsite) {
  const { website } = selected;
  // This screen's market: the website's, until another is applied here (its settings stay as they are).
  const [market, setMarket] = useState<Market>(() => websiteMarket(website));
  const overview = useQuery(topKeywordsOverviewQuery(website.domain, market));
  const [sort, setSort] = useState<TopKeywordSort>('traffic-desc');
  const list = useTopKeywords(website.domain, market, sort);
  const missing = isDataSourceMissing(overview.error) || isDataSourceMissing(list.error);
  return (
    <>
      <WebsiteDataCard title={messages.overview} selected={selected}>
        <div className="seo-data-stack">
          {!missing && <MarketPicker market={market} onChange={setMarket} />}
          {missing ? (
            <DataSourceMissing />
          ) : overview.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : overview.isError ? (
            <SeoDataErrorAlert error={overview.error} />
          ) : (
            <TopKeywordsOverview reply={overview.data} />
          )}
          <DataSpend />
        </div>
      </WebsiteDataCard>
      {!missing && (
        <Card className="seo-data-card" title={messages.table}>
          <TopKeywordsTable
            domain={website.domain}
            market={market}
            list={list}
            sort={sort}
            onSort={setSort}
          />
        </Card>
      )}
    </>
  );
}
