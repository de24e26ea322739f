import { PlusOutlined } from '@ant-design/icons';
import { displayHost, MESSAGES, WEBSITE_MESSAGES, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatCount } from '../keywords/keyword-values';
import { DataSourceMissing } from '../seo-data/data-source-missing';
import { DataSpend } from '../seo-data/data-spend';
import { seoDataUsageQuery } from '../seo-data/seo-data.queries';
import { WebsiteDataCard } from '../seo-data/website-data-card';
import { type SelectedWebsite, SelectedWebsiteGate } from '../websites/selected-website-gate';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { keywordUsageQuery } from '../websites/websites.queries';
import { AddKeywordsModal, type KeywordUsage } from './add-keywords-modal';
import { trackedKeywordsOverviewQuery, trackedKeywordsQuery } from './keyword-position.queries';
import { TrackedKeywordsOverview } from './tracked-keywords-overview';
import { TrackedKeywordsTable } from './tracked-keywords-table';
import './keyword-position.css';

const messages = {
  overview: 'Keywords Overview',
  tracked: 'Tracked keywords',
  market: (location: string, language: string) => `Positions in ${location} (${language})`,
  none: "You haven't set any keywords to track for this domain!",
  add: 'Add keywords',
  count: (n: number) => (n === 1 ? '1 keyword' : `${formatCount(n)} keywords`),
  noWebsite:
    'You do not track any website yet. Add one on the dashboard to track its keyword positions here.',
};

/**
 * /keyword-position[?w_guid=]: the Keyword Position Tracker (spec 2.5) of the selected website.
 * Without a data source the keywords are still listed, added and removed; nothing checks them.
 */
export function KeywordPositionScreen() {
  return (
    <div className="seo-data-page">
      <SelectedWebsiteGate noWebsite={messages.noWebsite}>
        {(selected) => <WebsiteTracker key={selected.website.guid} {...selected} />}
      </SelectedWebsiteGate>
    </div>
  );
}

function WebsiteTracker(selected: SelectedWebsite) {
  const { website } = selected;
  // Undefined while unknown: spinners and polling go on until the server says it has no source.
  const sourceConfigured = useQuery(seoDataUsageQuery).data?.configured;
  const overview = useQuery(trackedKeywordsOverviewQuery(website.domain, sourceConfigured));
  const { location_name, language_code } = website.settings;
  return (
    <>
      <WebsiteDataCard title={messages.overview} selected={selected}>
        <div className="seo-data-stack">
          <div className="kp-market">
            <Typography.Text strong className="seo-data-wrap">
              {displayHost(website.domain)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {messages.market(location_name, language_code)}
            </Typography.Text>
          </div>
          {overview.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : overview.isError && !overview.data ? (
            <ServerErrorAlert error={overview.error} />
          ) : (
            <TrackedKeywordsOverview reply={overview.data} showPending={sourceConfigured !== false} />
          )}
          <DataSpend />
        </div>
      </WebsiteDataCard>
      <Card className="seo-data-card" title={messages.tracked}>
        <TrackedKeywords website={website} sourceConfigured={sourceConfigured} />
      </Card>
    </>
  );
}

function TrackedKeywords({
  website,
  sourceConfigured,
}: {
  website: Website;
  sourceConfigured: boolean | undefined;
}) {
  const list = useQuery(trackedKeywordsQuery(website.domain, sourceConfigured));
  const usage = useQuery(keywordUsageQuery);
  const [adding, setAdding] = useState(false);

  // A failed poll is not shown (spec 8): the rows already read stay.
  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !list.data) body = <ServerErrorAlert error={list.error} />;
  else if (list.data.tracked_keywords.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.none} />;
  else
    body = (
      <TrackedKeywordsTable
        domain={website.domain}
        keywords={list.data.tracked_keywords}
        sourceConfigured={sourceConfigured}
      />
    );

  return (
    <div className="seo-data-stack">
      <div className="kp-toolbar">
        {list.data && list.data.tracked_keywords.length > 0 && (
          <Typography.Text type="secondary">
            {messages.count(list.data.tracked_keywords.length)}
          </Typography.Text>
        )}
        {usage.data && list.data && <AddControl usage={usage.data} onAdd={() => setAdding(true)} />}
      </div>
      {sourceConfigured === false && (
        <div className="kp-missing">
          <DataSourceMissing />
        </div>
      )}
      {body}
      {usage.data && list.data && (
        <AddKeywordsModal
          open={adding}
          onClose={() => setAdding(false)}
          website={website}
          tracked={list.data.tracked_keywords}
          usage={usage.data}
        />
      )}
    </div>
  );
}

/** Spec 5: the add control shows only while the organization tracks fewer keywords than its plan allows. */
function AddControl({ usage, onAdd }: { usage: KeywordUsage; onAdd(): void }) {
  if (usage.max_keywords <= 0)
    return <Typography.Text type="secondary">{MESSAGES.featureNotInPlan}</Typography.Text>;
  if (usage.keywords_no >= usage.max_keywords)
    return (
      <Typography.Text type="secondary">
        {WEBSITE_MESSAGES.keywordsAtLimit(usage.max_keywords)}
      </Typography.Text>
    );
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
      {messages.add}
    </Button>
  );
}
