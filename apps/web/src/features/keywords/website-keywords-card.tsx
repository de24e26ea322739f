import { KEYWORD_MESSAGES, type KeywordRow, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { CacheHint } from '../seo-data/cache-hint';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { WebsiteSelector } from '../websites/website-selector';
import { KeywordSuggestionsModal } from './keyword-suggestions-modal';
import { formatCount } from './keyword-values';
import { topKeywordsQuery } from './keywords.queries';
import { marketLabel, websiteMarket } from './market';
import { useModalSubject } from './use-modal-subject';

const messages = {
  title: 'Keyword Research',
  show: 'Show',
  showFor: (phrase: string) => `Keywords suggestions for ${phrase}`,
};

type NumberedRow = KeywordRow & { n: number };

function columnsOf(show: (phrase: string) => void): TableColumnsType<NumberedRow> {
  return [
    { key: 'n', title: '#', width: 56, render: (_value, row) => row.n },
    {
      key: 'phrase',
      title: 'Keyword',
      width: 260,
      render: (_value, row) => <span className="kw-wrap">{row.phrase}</span>,
    },
    { key: 'pos', title: 'Position', width: 90, render: (_value, row) => row.pos },
    { key: 'traffic', title: 'Traffic', width: 100, render: (_value, row) => formatCount(row.traffic) },
    { key: 'vol', title: 'Search volume', width: 130, render: (_value, row) => formatCount(row.vol) },
    {
      key: 'suggestions',
      title: 'Suggestions',
      width: 120,
      render: (_value, row) => (
        <Button
          type="link"
          className="kw-phrase"
          title={messages.showFor(row.phrase)}
          onClick={() => show(row.phrase)}
        >
          {messages.show}
        </Button>
      ),
    },
  ];
}

/**
 * The 'Keyword Research' card (spec 2.6): the website's top keywords by traffic in its own market,
 * each with a 'Show' link to its suggestions in the 1024 px modal.
 */
export function WebsiteKeywordsCard({
  website,
  websites,
  select,
}: {
  website: Website;
  websites: Website[];
  select(guid: string): void;
}) {
  const market = websiteMarket(website);
  const list = useQuery(topKeywordsQuery(website.domain, market));
  const suggestions = useModalSubject<string>();
  const columns = useMemo(() => columnsOf(suggestions.show), [suggestions.show]);
  const scrollX = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError) body = <SeoDataErrorAlert error={list.error} />;
  else if (list.data.data.length === 0) body = <Empty description={KEYWORD_MESSAGES.noKeywords} />;
  else
    body = (
      <Table<NumberedRow>
        className="kw-table"
        rowKey={(row) => String(row.n)}
        size="middle"
        columns={columns}
        dataSource={list.data.data.map((row, index) => ({ ...row, n: index + 1 }))}
        pagination={false}
        scroll={{ x: scrollX }}
      />
    );

  return (
    <Card
      className="kw-card"
      title={messages.title}
      extra={<WebsiteSelector websites={websites} value={website.guid} onChange={select} />}
    >
      <div className="kw-list">
        <div className="kw-controls">
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
    </Card>
  );
}
