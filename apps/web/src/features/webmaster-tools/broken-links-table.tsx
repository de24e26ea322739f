import { InfoCircleOutlined } from '@ant-design/icons';
import {
  type BrokenLink,
  type BrokenLinksRun,
  LINK_KIND_LABELS,
  LINK_KINDS,
  type LinkKind,
  STATUS_CLASSES,
  type ToolRun,
  WEBMASTER_MESSAGES,
} from '@sitelens/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Input,
  Segmented,
  Select,
  Skeleton,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { LoadMoreButton } from '../../components/load-more-button';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { ExportCsvButton } from '../deep-analysis/export-csv-button';
import { ServerErrorAlert } from '../websites/server-error-alert';
import {
  brokenLinksExportPath,
  brokenLinksKey,
  brokenLinksRunQuery,
  DEFAULT_LINK_FILTERS,
  fetchBrokenLinksPage,
  type LinkFilters,
  linkPagesQuery,
  recheckLinks,
} from './webmaster-tools.queries';

const messages = {
  type: 'Type',
  allProblems: 'All problems',
  scope: 'Internal or external',
  all: 'All',
  internal: 'Internal',
  external: 'External',
  statusClass: 'Status class',
  anyStatus: 'Any status',
  noAnswer: 'No answer',
  search: 'Search',
  searchPlaceholder: 'Search URL or anchor text',
  noMatch: 'No link matches these filters.',
  new: 'New',
  total: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'link' : 'links'}`,
  pages: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'page' : 'pages'}`,
  foundOnLabel: (count: number, url: string) =>
    `Found on ${count.toLocaleString('en-US')} ${count === 1 ? 'page' : 'pages'}: ${url}`,
  foundOn: (count: number) => `Found on ${count.toLocaleString('en-US')} ${count === 1 ? 'page' : 'pages'}`,
  redirects: 'Redirects',
  recheck: 'Re-check',
  recheckLabel: (url: string) => `Re-check ${url}`,
  recheckAll: 'Re-check all problems',
  notVerifiedHelp: 'Why not verified',
  more: (count: number) => `and ${count.toLocaleString('en-US')} more`,
};

const STATUS_CLASS_LABELS: Record<(typeof STATUS_CLASSES)[number], string> = {
  '3xx': '3xx',
  '4xx': '4xx',
  '5xx': '5xx',
  no_answer: messages.noAnswer,
};

export const KIND_COLORS: Record<LinkKind, string> = {
  broken: 'red',
  redirect_loop: 'volcano',
  redirect_chain: 'orange',
  redirected: 'gold',
  not_verified: 'default',
  ok: 'green',
};

/** Search waits for a pause in typing, so each key press does not ask the server. */
const SEARCH_DELAY_MS = 300;

/**
 * Re-checks some links (or every problem) of a run; its answer is the run running again, which the
 * screen then shows as progress until the new answers are in.
 */
export function useRecheck(guid: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (linkGuids?: string[]) => recheckLinks(guid, linkGuids),
    onSuccess: (run: ToolRun) =>
      queryClient.setQueryData(brokenLinksRunQuery(guid).queryKey, (old: BrokenLinksRun | undefined) =>
        old ? { ...old, run } : old,
      ),
    onError: async (error) => toast.error(await errorText(error)),
  });
}

/** The host of a run's URL, to name its export after. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'site';
  }
}

const isFiltered = (filters: LinkFilters) =>
  Boolean(filters.kind || filters.scope || filters.status_class || filters.q);

/**
 * A finished run's links, 50 at a time by keyset: problems unless the type asks for another, with
 * the filters, the server's sort, 'Export CSV' of the same list and 'Re-check'.
 */
export function BrokenLinksTable({
  run,
  filters,
  onFiltersChange,
}: {
  run: ToolRun;
  filters: LinkFilters;
  onFiltersChange(filters: LinkFilters): void;
}) {
  const recheck = useRecheck(run.guid);
  const [expanded, setExpanded] = useState<string[]>([]);
  const links = useInfiniteQuery({
    queryKey: brokenLinksKey(run.guid, filters),
    queryFn: ({ pageParam }) => fetchBrokenLinksPage(run.guid, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.last_evaluated_key,
  });

  const toggle = (guid: string) =>
    setExpanded((keys) => (keys.includes(guid) ? keys.filter((key) => key !== guid) : [...keys, guid]));
  const sortOrder = (key: LinkFilters['sort']) =>
    filters.sort === key ? (filters.order === 'asc' ? 'ascend' : 'descend') : null;
  const onChange: TableProps<BrokenLink>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const { sort, order } = one?.order
      ? { sort: one.columnKey as LinkFilters['sort'], order: one.order === 'ascend' ? 'asc' : 'desc' }
      : DEFAULT_LINK_FILTERS;
    onFiltersChange({ ...filters, sort, order: order as LinkFilters['order'] });
  };

  // The link, its status and Re-check stay; the rest give way on a narrow screen (a row's
  // expander then shows them above the pages the link is on).
  const columns: ResponsiveColumn<BrokenLink>[] = [
    {
      key: 'url',
      title: 'URL',
      width: 340,
      narrowWidth: 100,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('url'),
      sortDirections: ['ascend', 'descend'],
      render: (_value, link) => <LinkCell link={link} />,
    },
    {
      key: 'status',
      title: 'Status',
      width: 100,
      narrowWidth: 84,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('status'),
      sortDirections: ['descend', 'ascend'],
      render: (_value, link) => link.status ?? messages.noAnswer,
    },
    {
      key: 'kind',
      title: 'Type',
      width: 190,
      priority: 1,
      render: (_value, link) => <KindCell link={link} />,
    },
    {
      key: 'anchor',
      title: 'Anchor text',
      width: 190,
      priority: 3,
      render: (_value, link) => <span className="wt-anchor">{link.anchor || '-'}</span>,
    },
    {
      key: 'pages',
      title: 'Found on',
      width: 120,
      priority: 2,
      sorter: true,
      sortOrder: sortOrder('pages'),
      sortDirections: ['descend', 'ascend'],
      render: (_value, link) => (
        <Button
          type="link"
          className="wt-inline-link"
          aria-expanded={expanded.includes(link.guid)}
          aria-label={messages.foundOnLabel(link.found_on_count, link.url)}
          onClick={() => toggle(link.guid)}
        >
          {messages.pages(link.found_on_count)}
        </Button>
      ),
    },
    {
      key: 'recheck',
      title: <span className="visually-hidden">Actions</span>,
      width: 110,
      narrowWidth: 86,
      priority: 'key',
      render: (_value, link) => (
        <Button
          size="small"
          aria-label={messages.recheckLabel(link.url)}
          disabled={recheck.isPending}
          onClick={() => recheck.mutate([link.guid])}
        >
          {messages.recheck}
        </Button>
      ),
    },
  ];

  let body: ReactNode;
  const rows = links.data?.pages.flatMap((page) => page.data) ?? [];
  if (links.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  // A failed later page keeps the rows read so far: only a failed first page is an error.
  else if (!links.data) body = <ServerErrorAlert error={links.error} />;
  else if (rows.length === 0)
    body = <Empty description={isFiltered(filters) ? messages.noMatch : WEBMASTER_MESSAGES.noBrokenLinks} />;
  else
    body = (
      <>
        <Typography.Text type="secondary">
          {messages.total(links.data.pages[0]?.meta.total ?? 0)}
        </Typography.Text>
        <ResponsiveTable<BrokenLink>
          className="wt-table"
          rowKey="guid"
          size="middle"
          columns={columns}
          dataSource={rows}
          pagination={false}
          onChange={onChange}
          showSorterTooltip={false}
          expandable={{
            expandedRowKeys: expanded,
            showExpandColumn: false,
            // The expander, shown when columns give way, opens the same details as 'Found on'.
            onExpand: (_open, link) => toggle(link.guid),
            expandedRowRender: (link) => <LinkDetails guid={run.guid} link={link} />,
          }}
        />
        <LoadMoreButton query={links} />
      </>
    );

  return (
    <div className="wt-list">
      <div className="wt-toolbar">
        <LinkFiltersBar filters={filters} onChange={onFiltersChange} />
        <div className="wt-actions">
          <ExportCsvButton
            path={brokenLinksExportPath(run.guid, filters)}
            fileName={`${hostOf(run.url)}-broken-links.csv`}
          />
          <Button loading={recheck.isPending} onClick={() => recheck.mutate(undefined)}>
            {messages.recheckAll}
          </Button>
        </div>
      </div>
      {body}
    </div>
  );
}

function LinkFiltersBar({
  filters,
  onChange,
}: {
  filters: LinkFilters;
  onChange(filters: LinkFilters): void;
}) {
  const [text, setText] = useState(filters.q ?? '');
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  return (
    <div className="wt-filters">
      <Select<LinkKind | 'problems'>
        aria-label={messages.type}
        className="wt-filter-select"
        value={filters.kind ?? 'problems'}
        onChange={(kind) => onChange({ ...filters, kind: kind === 'problems' ? undefined : kind })}
        options={[
          { value: 'problems', label: messages.allProblems },
          ...LINK_KINDS.map((kind) => ({ value: kind, label: LINK_KIND_LABELS[kind] })),
        ]}
      />
      <Segmented<'all' | 'internal' | 'external'>
        aria-label={messages.scope}
        value={filters.scope ?? 'all'}
        onChange={(scope) => onChange({ ...filters, scope: scope === 'all' ? undefined : scope })}
        options={[
          { value: 'all', label: messages.all },
          { value: 'internal', label: messages.internal },
          { value: 'external', label: messages.external },
        ]}
      />
      <Select<(typeof STATUS_CLASSES)[number] | 'any'>
        aria-label={messages.statusClass}
        className="wt-filter-select"
        value={filters.status_class ?? 'any'}
        onChange={(value) => onChange({ ...filters, status_class: value === 'any' ? undefined : value })}
        options={[
          { value: 'any', label: messages.anyStatus },
          ...STATUS_CLASSES.map((value) => ({ value, label: STATUS_CLASS_LABELS[value] })),
        ]}
      />
      <Input.Search
        aria-label={messages.search}
        className="wt-search"
        placeholder={messages.searchPlaceholder}
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => onChange({ ...filters, q: value.trim() || undefined })}
      />
    </div>
  );
}

function LinkCell({ link }: { link: BrokenLink }) {
  return (
    <div className="wt-link-cell">
      <a className="wt-url" href={link.url} target="_blank" rel="noopener noreferrer">
        {link.url}
      </a>
      <span>
        <Tag>{link.internal ? messages.internal : messages.external}</Tag>
        {link.change === 'new' && <Tag color="blue">{messages.new}</Tag>}
      </span>
    </div>
  );
}

function KindCell({ link }: { link: BrokenLink }) {
  return (
    <div className="wt-kind-cell">
      <span>
        <Tag color={KIND_COLORS[link.kind]}>{LINK_KIND_LABELS[link.kind]}</Tag>
        {link.kind === 'not_verified' && (
          <Tooltip title={WEBMASTER_MESSAGES.notVerifiedMeaning}>
            <InfoCircleOutlined className="wt-help" aria-label={messages.notVerifiedHelp} tabIndex={0} />
          </Tooltip>
        )}
      </span>
      {link.reason && <Typography.Text type="secondary">{link.reason}</Typography.Text>}
    </div>
  );
}

/** A row opened: the redirect's hops, and every page the link is on. */
function LinkDetails({ guid, link }: { guid: string; link: BrokenLink }) {
  const pages = useQuery(linkPagesQuery(guid, link.guid));
  return (
    <div className="wt-details">
      {link.redirect_chain.length > 0 && (
        <section>
          <Typography.Text strong>{messages.redirects}</Typography.Text>
          <ol className="wt-plain-list">
            {link.redirect_chain.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a loop repeats its URLs
              <li key={index} className="wt-url">
                <Tag>{step.status}</Tag> {step.url}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section>
        <Typography.Text strong>
          {messages.foundOn(pages.data?.meta.total ?? link.found_on_count)}
        </Typography.Text>
        {pages.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : pages.isError ? (
          <ServerErrorAlert error={pages.error} />
        ) : (
          <ul className="wt-plain-list">
            {pages.data.data.map((page) => (
              <li key={page.url}>
                <a className="wt-url" href={page.url} target="_blank" rel="noopener noreferrer">
                  {page.url}
                </a>
                {page.anchor && <Typography.Text type="secondary"> “{page.anchor}”</Typography.Text>}
              </li>
            ))}
            {pages.data.meta.total > pages.data.data.length && (
              <li className="wt-muted">{messages.more(pages.data.meta.total - pages.data.data.length)}</li>
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
