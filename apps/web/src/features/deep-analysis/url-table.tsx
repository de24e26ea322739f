import { MoreOutlined, WarningOutlined } from '@ant-design/icons';
import {
  DEEP_ANALYSIS_MESSAGES,
  displayUrl,
  formatDate,
  type PageGroup,
  type ServiceableUrl,
  type ServiceableUrlsReply,
  scoreColor,
  WEBSITE_MESSAGES,
} from '@sitelens/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Empty, Skeleton, Space, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { formatBytes } from '../../components/format-bytes';
import { LoadMoreButton } from '../../components/load-more-button';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { deepAnalysisKey, deleteUrl, refreshDeepAnalysis, startUrlAnalysis } from './deep-analysis.queries';
import { urlReportPath } from './paths';

const messages = {
  recheckFailed: 'Please try again or contact support',
  blocked: 'Not crawled: robots.txt blocks it',
  redirects: (to: string) => `Redirects to ${to}`,
  noAnswer: (error: string) => `No answer: ${error}`,
  notCrawled: 'Not crawled yet',
  http: (code: number) => `HTTP ${code}`,
  notAPage: 'Not a page',
  file: (file: NonNullable<ServiceableUrl['file']>) =>
    `A file (${file.bytes === null ? file.content_type : `${file.content_type}, ${formatBytes(file.bytes)}`}), not an HTML page: recorded, not checked`,
  deleteTitle: 'Delete this URL?',
  deleteDetail: 'It is no longer monitored, and its analysis results go with it.',
  deleted: 'The URL was deleted.',
};

export interface UrlTableProps {
  /** The website (guid for links and calls). */
  website: { guid: string; domain: string };
  /** Cache key of this list; the table reads page after page under it. */
  queryKey: readonly unknown[];
  /** One keyset page (25) after `lastKey` (null: the first). */
  loadPage: (lastKey: string | null) => Promise<ServiceableUrlsReply>;
  /** Given: shows the optional 'Page Group' column, the group's title by cluster_guid. */
  groups?: PageGroup[];
  /** Monitored-URL and page-group lists offer Delete; affected-URL lists do not (spec 2.4). */
  deletable?: boolean;
  /** Shown above the table's right side (e.g. an 'Add new URLs' or 'Export CSV' button). */
  extra?: React.ReactNode;
}

/** Why a URL that did not answer 200 has no report, for its tooltip. */
function reasonOf(url: ServiceableUrl): string {
  if (url.blocked_by_robots) return messages.blocked;
  if (url.error) return messages.noAnswer(url.error);
  if (url.redirect_to) return messages.redirects(url.redirect_to);
  if (url.status_code === null) return messages.notCrawled;
  return messages.http(url.status_code);
}

/** A file's type as its tag shows it: `PDF` of application/pdf, `GZIP` of application/gzip. */
const fileTag = (contentType: string) =>
  (contentType.split('/')[1] ?? contentType)
    .replace(/^(x-|vnd\.)/, '')
    .split(/[.+;-]/)[0]!
    .toUpperCase();

function UrlCell({ url, w }: { url: ServiceableUrl; w: string }) {
  if (url.file && (url.status_code === null || url.status_code < 400))
    return (
      <Tooltip title={messages.file(url.file)}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on focus */}
        <span className="da-url" tabIndex={0}>
          <Tag className="da-file-tag">{fileTag(url.file.content_type)}</Tag>
          {displayUrl(url.url)}
        </span>
      </Tooltip>
    );
  if (url.status_code === 200)
    return (
      <Link className="da-url" to={urlReportPath(w, url.guid)}>
        {displayUrl(url.url)}
      </Link>
    );
  if (url.status_code !== null && url.status_code >= 400)
    return (
      <Tooltip title={messages.http(url.status_code)}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on focus */}
        <span className="da-url da-url-unavailable" tabIndex={0}>
          <WarningOutlined aria-label={messages.http(url.status_code)} /> {displayUrl(url.url)}
        </span>
      </Tooltip>
    );
  return (
    <Tooltip title={reasonOf(url)}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip opens on focus */}
      <span className="da-url" tabIndex={0}>
        {displayUrl(url.url)}
      </span>
    </Tooltip>
  );
}

function ChecksCell({ seo }: { seo: ServiceableUrl['on_page_seo'] }) {
  if (!seo) return '-';
  return (
    <Space size={4} className="da-checks">
      <Tooltip title="Failed">
        <Tag color="red" aria-label={`${seo.failed} failed`}>
          {seo.failed}
        </Tag>
      </Tooltip>
      <Tooltip title="Warnings">
        <Tag color="orange" aria-label={`${seo.warning} warnings`}>
          {seo.warning}
        </Tag>
      </Tooltip>
      <Tooltip title="Passed">
        <Tag color="green" aria-label={`${seo.passed} passed`}>
          {seo.passed}
        </Tag>
      </Tooltip>
      <Tooltip title="Not applicable">
        <Tag aria-label={`${seo.not_applicable} not applicable`}>{seo.not_applicable}</Tag>
      </Tooltip>
    </Space>
  );
}

/** A website's URLs, 25 at a time by keyset (spec 2.4 "URL table"), with Recheck and, where allowed, Delete. */
export function UrlTable({ website, queryKey, loadPage, groups, deletable = false, extra }: UrlTableProps) {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const toast = useToast();
  const urls = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => loadPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.last_evaluated_key,
  });

  const recheck = async (url: ServiceableUrl) => {
    try {
      await startUrlAnalysis(website.guid, url.guid);
      toast.success(DEEP_ANALYSIS_MESSAGES.analysisStarted, DEEP_ANALYSIS_MESSAGES.checkLater);
      // The overview polls running processes; it should see this one at once.
      await queryClient.invalidateQueries({ queryKey: [...deepAnalysisKey, 'active'] });
    } catch {
      toast.error(WEBSITE_MESSAGES.somethingWrong, messages.recheckFailed);
    }
  };

  const confirmDelete = (url: ServiceableUrl) =>
    modal.confirm({
      title: messages.deleteTitle,
      content: (
        <>
          <p className="da-url">{displayUrl(url.url)}</p>
          <p>{messages.deleteDetail}</p>
        </>
      ),
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteUrl(website.guid, url.guid);
          toast.success(messages.deleted);
          await refreshDeepAnalysis(queryClient);
        } catch (error) {
          toast.error(await errorText(error));
        }
      },
    });

  const groupTitle = new Map(groups?.map((g) => [g.guid, g.title]));
  // The URL, its score and its actions stay; the rest give way on a narrow screen.
  const columns: ResponsiveColumn<ServiceableUrl>[] = [
    {
      key: 'index',
      title: '#',
      width: 56,
      priority: 9,
      inDetails: false,
      render: (_value, _url, index) => index + 1,
    },
    {
      key: 'url',
      title: 'URL',
      width: 320,
      narrowWidth: 150,
      priority: 'key',
      render: (_value, url) => <UrlCell url={url} w={website.guid} />,
    },
    ...(groups
      ? [
          {
            key: 'group',
            title: 'Page Group',
            width: 160,
            priority: 3,
            render: (_value: unknown, url: ServiceableUrl) =>
              (url.cluster_guid && groupTitle.get(url.cluster_guid)) || '-',
          },
        ]
      : []),
    {
      key: 'score',
      title: 'SEO Score',
      width: 100,
      narrowWidth: 64,
      priority: 'key',
      render: (_value, url) => {
        const score = url.on_page_seo?.score;
        if (score === null || score === undefined) return '-';
        return (
          <strong className="da-score" style={{ color: scoreColor(score) }}>
            {score}
          </strong>
        );
      },
    },
    {
      key: 'checks',
      title: 'Checks',
      width: 150,
      priority: 2,
      render: (_value, url) => (url.file ? messages.notAPage : <ChecksCell seo={url.on_page_seo} />),
    },
    {
      key: 'analyzed',
      title: 'Last analyzed',
      width: 130,
      priority: 4,
      render: (_value, url) => (url.on_page_seo ? formatDate(url.on_page_seo.c_at) : '-'),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      width: 56,
      narrowWidth: 48,
      priority: 'key',
      render: (_value, url) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'recheck', label: 'Recheck', onClick: () => void recheck(url) },
              ...(deletable
                ? [{ key: 'delete', label: 'Delete', danger: true, onClick: () => confirmDelete(url) }]
                : []),
            ],
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${url.url}`} />
        </Dropdown>
      ),
    },
  ];

  let body: ReactNode;
  const rows = urls.data?.pages.flatMap((page) => page.data) ?? [];
  if (urls.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  // A failed later page keeps the rows read so far: only a failed first page is an error (spec 8).
  else if (!urls.data) body = <ServerErrorAlert error={urls.error} />;
  else if (rows.length === 0) body = <Empty description={WEBSITE_MESSAGES.noData} />;
  else
    body = (
      <>
        <ResponsiveTable<ServiceableUrl>
          className="da-url-table"
          rowKey="guid"
          size="middle"
          columns={columns}
          dataSource={rows}
          pagination={false}
          rowClassName={(url) =>
            url.status_code !== null && url.status_code >= 400 ? 'da-row-unavailable' : ''
          }
        />
        <LoadMoreButton query={urls} />
      </>
    );

  return (
    <div className="da-url-list">
      {extra && <div className="da-url-toolbar">{extra}</div>}
      {body}
    </div>
  );
}
