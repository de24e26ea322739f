import {
  KEYWORD_MESSAGES,
  type KeywordSuggestion,
  RESEARCH_TYPES,
  type ResearchType,
} from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Skeleton, Table, type TableColumnsType, Tabs } from 'antd';
import { CacheHint } from '../seo-data/cache-hint';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { formatCompetition, formatCount, formatCpc } from './keyword-values';
import { keywordResearchQuery, type Market } from './keywords.queries';

const messages = {
  title: (phrase: string) => `Keywords suggestions for: ${phrase}`,
  tabs: { broad_match: 'Broad Match Keywords', related: 'Related Keywords' } satisfies Record<
    ResearchType,
    string
  >,
};

/** Spec 9: the keyword suggestions modal is 1024 px wide. */
export const SUGGESTIONS_MODAL_WIDTH = 1024;

type NumberedSuggestion = KeywordSuggestion & { n: number };

const COLUMNS: TableColumnsType<NumberedSuggestion> = [
  { key: 'n', title: '#', width: 56, render: (_value, row) => row.n },
  {
    key: 'phrase',
    title: 'Keyword',
    width: 260,
    render: (_value, row) => <span className="kw-wrap">{row.phrase}</span>,
  },
  { key: 'vol', title: 'Search volume', width: 130, render: (_value, row) => formatCount(row.vol) },
  { key: 'cpc', title: 'CPC', width: 90, render: (_value, row) => formatCpc(row.cpc) },
  {
    key: 'cmp',
    title: 'Competition',
    width: 120,
    render: (_value, row) => formatCompetition(row.cmp),
  },
  { key: 'r_no', title: 'Results', width: 150, render: (_value, row) => formatCount(row.r_no) },
];
const SCROLL_X = COLUMNS.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

/**
 * 'Keywords suggestions for:' a phrase in a market (spec 2.6): the broad-match suggestions and the
 * related keywords on two tabs, each read when its tab is first opened.
 */
export function KeywordSuggestionsModal({
  phrase,
  open,
  market,
  onClose,
}: {
  phrase: string | null;
  open: boolean;
  market: Market;
  onClose(): void;
}) {
  return (
    <Modal
      open={open}
      title={phrase === null ? undefined : messages.title(phrase)}
      width={SUGGESTIONS_MODAL_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {phrase !== null && (
        <Tabs
          className="kw-tabs"
          items={RESEARCH_TYPES.map((type) => ({
            key: type,
            label: messages.tabs[type],
            children: <Suggestions type={type} phrase={phrase} market={market} />,
          }))}
        />
      )}
    </Modal>
  );
}

function Suggestions({ type, phrase, market }: { type: ResearchType; phrase: string; market: Market }) {
  const research = useQuery(keywordResearchQuery(type, phrase, market));
  if (research.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (research.isError) return <SeoDataErrorAlert error={research.error} />;
  const rows = research.data.data.map((row, index) => ({ ...row, n: index + 1 }));
  if (rows.length === 0) return <Empty description={KEYWORD_MESSAGES.noSuggestions} />;
  return (
    <div className="kw-list">
      <CacheHint reply={research.data} />
      <Table<NumberedSuggestion>
        className="kw-table"
        rowKey={(row) => String(row.n)}
        size="small"
        columns={COLUMNS}
        dataSource={rows}
        pagination={false}
        scroll={{ x: SCROLL_X }}
      />
    </div>
  );
}
