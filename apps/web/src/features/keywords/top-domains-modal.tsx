import type { TopDomainRow } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Skeleton, Table, type TableColumnsType } from 'antd';
import { CacheHint } from '../seo-data/cache-hint';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { type Market, topDomainsQuery } from './keywords.queries';

const messages = {
  title: (phrase: string) => `Top domains for: ${phrase}`,
  none: 'No results were found for this keyword.',
};

const MODAL_WIDTH = 720;

const COLUMNS: TableColumnsType<TopDomainRow> = [
  { key: 'position', title: '#', width: 56, render: (_value, row) => row.position },
  {
    key: 'domain',
    title: 'Domain',
    width: 200,
    render: (_value, row) => <span className="kw-wrap">{row.domain}</span>,
  },
  {
    key: 'url',
    title: 'URL',
    width: 360,
    render: (_value, row) => (
      <a className="kw-wrap" href={row.url} target="_blank" rel="noopener noreferrer">
        {row.url}
      </a>
    ),
  },
];
const SCROLL_X = COLUMNS.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

/** A keyword's first results in a market (spec 2.4: #, Domain, URL link), read when the modal opens. */
export function TopDomainsModal({
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
      width={MODAL_WIDTH}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {phrase !== null && <TopDomains phrase={phrase} market={market} />}
    </Modal>
  );
}

function TopDomains({ phrase, market }: { phrase: string; market: Market }) {
  const domains = useQuery(topDomainsQuery(phrase, market));
  if (domains.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (domains.isError) return <SeoDataErrorAlert error={domains.error} />;
  if (domains.data.data.length === 0) return <Empty description={messages.none} />;
  return (
    <div className="kw-list">
      <CacheHint reply={domains.data} />
      <Table<TopDomainRow>
        className="kw-table"
        rowKey={(row) => String(row.position)}
        size="small"
        columns={COLUMNS}
        dataSource={domains.data.data}
        pagination={false}
        scroll={{ x: SCROLL_X }}
      />
    </div>
  );
}
