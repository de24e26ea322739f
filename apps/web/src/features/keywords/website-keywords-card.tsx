import { KEYWORD_MESSAGES, type KeywordRow } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { ResponsiveColumn } from '../../components/responsive-table';
import { CacheHint } from '../seo-data/cache-hint';
import { DataTable } from '../seo-data/data-table';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { useModalSubject } from '../seo-data/subject-modal';
import { WebsiteDataCard } from '../seo-data/website-data-card';
import type { SelectedWebsite } from '../websites/selected-website-gate';
import {
  keywordColumn,
  phraseButtonColumn,
  positionColumn,
  rowNumberColumn,
  trafficColumn,
  volumeColumn,
} from './keyword-columns';
import { KeywordSuggestionsModal } from './keyword-suggestions-modal';
import { topKeywordsQuery } from './keywords.queries';
import { marketLabel, websiteMarket } from './market';

const messages = {
  title: 'Keyword Research',
  show: 'Show',
  showFor: (phrase: string) => `Keywords suggestions for ${phrase}`,
};

type NumberedRow = KeywordRow & { n: number };

function columnsOf(show: (phrase: string) => void): ResponsiveColumn<NumberedRow>[] {
  return [
    rowNumberColumn(),
    { ...keywordColumn<NumberedRow>(220), narrowWidth: 130, priority: 'key' },
    { ...positionColumn(90), priority: 1 },
    { ...trafficColumn(100), priority: 2 },
    { ...volumeColumn(120), priority: 1 },
    {
      ...phraseButtonColumn('suggestions', 'Suggestions', 110, {
        label: () => messages.show,
        hint: messages.showFor,
        onClick: show,
      }),
      narrowWidth: 100,
      priority: 'key',
    },
  ];
}

/**
 * The 'Keyword Research' card (spec 2.6): the website's top keywords by traffic in its own market,
 * each with a 'Show' link to its suggestions in the 1024 px modal.
 */
export function WebsiteKeywordsCard(selected: SelectedWebsite) {
  const market = websiteMarket(selected.website);
  const list = useQuery(topKeywordsQuery(selected.website.domain, market));
  const suggestions = useModalSubject<string>();
  const columns = useMemo(() => columnsOf(suggestions.show), [suggestions.show]);

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError) body = <SeoDataErrorAlert error={list.error} />;
  else if (list.data.data.length === 0) body = <Empty description={KEYWORD_MESSAGES.noKeywords} />;
  else
    body = (
      <DataTable<NumberedRow>
        className="kw-table"
        rowKey={(row) => String(row.n)}
        size="middle"
        columns={columns}
        dataSource={list.data.data.map((row, index) => ({ ...row, n: index + 1 }))}
      />
    );

  return (
    <WebsiteDataCard title={messages.title} selected={selected}>
      <div className="seo-data-stack">
        <div className="seo-data-controls">
          <Typography.Text type="secondary">{marketLabel(market)}</Typography.Text>
          <CacheHint reply={list.data} />
        </div>
        {body}
      </div>
      <KeywordSuggestionsModal
        phrase={suggestions.subject}
        open={suggestions.open}
        market={market}
        onClose={suggestions.close}
      />
    </WebsiteDataCard>
  );
}
