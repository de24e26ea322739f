import { DatabaseOutlined } from '@ant-design/icons';
import {
  BACKLINK_METRICS,
  type BacklinksOverviewReply,
  formatDate,
  KEYWORD_MESSAGES,
  type KeywordRow,
  SEO_DATA_ERROR_CODES,
  SEO_DATA_MESSAGES,
  SERP_DEPTH,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { backlinksListQuery, backlinksOverviewQuery } from '../backlinks/backlinks.queries';
import { currentValue, BACKLINK_METRIC_FORMATS as METRICS } from '../backlinks/backlinks-overview';
import { type Market, topKeywordsOverviewQuery, topKeywordsQuery } from '../keywords/keywords.queries';
import { CacheHint } from '../seo-data/cache-hint';
import { seoDataUsageQuery } from '../seo-data/seo-data.queries';
import { isDataSourceMissing, seoDataErrorCode } from '../seo-data/seo-data-error';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { useErrorText } from '../websites/server-error-alert';
import './data-cards.css';

// The dashboard's cards and Summary tiles filled by the keyword and backlink data source (spec 2.2,
// 9): the website's backlinks and its top keywords in its own market. Without a source they say so
// and how an operator adds one; no number is ever made up.

/** Spec 9: 'Backlink preview: 10 items'; 'Top keywords card shows 5, ordered by traffic descending'. */
export const BACKLINKS_SHOWN = 10;
export const KEYWORDS_SHOWN = 5;

const messages = {
  viewAll: 'View all',
  viewBacklinks: 'View backlinks',
  viewKeywords: 'View keywords',
  recentBacklinks: 'Most recently found backlinks',
  anchor: 'Anchor',
  noAnchor: '-',
  firstSeen: 'First seen',
};

const count = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** Spec 9: positions are read over the top 100 results, and one above 100 shows as 100. */
export const shownPosition = (position: number) => Math.min(position, SERP_DEPTH);

/** The average position with one decimal, e.g. '12.4' (above 100 shows as '100.0'). */
export const formatAveragePosition = (position: number) =>
  shownPosition(position).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The market the website's keywords are read in: its settings' location and language. */
const marketOf = (website: Website): Market => ({
  location: website.settings.location_name,
  language: website.settings.language_code,
});

const backlinksPath = (website: Website) => `/backlinks?w_guid=${website.guid}`;
const topKeywordsPath = (website: Website) => `/top-keywords?w_guid=${website.guid}`;

/**
 * Whether this server has a data source (`GET /api/dfs/usage`). The data calls wait for the answer,
 * so a server without one is not asked for data it cannot give; if the usage call itself fails they
 * go ahead and show their own answers.
 */
function useDataSource() {
  const usage = useQuery(seoDataUsageQuery);
  return {
    missing: usage.data?.configured === false,
    ready: usage.data?.configured === true || usage.isError,
  };
}

/** What a data call has read, as a card or tile shows it. */
interface Read<T> {
  data: T | undefined;
  error: unknown;
}

/** The not-configured panel of the data screens, compact enough for a dashboard card. */
function NoDataSource() {
  return (
    <div className="dash-data-missing">
      <DatabaseOutlined className="dash-data-missing-icon" aria-hidden />
      <div>
        <Typography.Text strong>{SEO_DATA_MESSAGES.notConfigured}</Typography.Text>
        <Typography.Paragraph type="secondary" className="dash-data-missing-help">
          {SEO_DATA_MESSAGES.notConfiguredHelp}
        </Typography.Paragraph>
      </div>
    </div>
  );
}

/** A card's body: the not-configured panel, the data, a failure's text, else a skeleton. */
function CardBody<T>({
  missing,
  read,
  rows = 4,
  children,
}: {
  missing: boolean;
  read: Read<T>;
  rows?: number;
  children(data: T): ReactNode;
}) {
  if (missing || isDataSourceMissing(read.error)) return <NoDataSource />;
  if (read.data !== undefined) return children(read.data);
  if (read.error) return <SeoDataErrorAlert error={read.error} />;
  return <Skeleton active paragraph={{ rows }} />;
}

/** A failed data call in a Summary tile: the spent budget in the spec's words, else the server's text. */
function TileError({ error }: { error: unknown }) {
  const text = useErrorText(error);
  if (seoDataErrorCode(error) === SEO_DATA_ERROR_CODES.budgetSpent)
    return (
      <Typography.Text type="warning" className="dash-tile-note">
        {SEO_DATA_MESSAGES.budgetSpent}
      </Typography.Text>
    );
  return (
    <Typography.Text type="danger" className="dash-tile-note">
      {text ?? WEBSITE_MESSAGES.somethingWrong}
    </Typography.Text>
  );
}

/** A Summary tile's value: the not-configured note, the value, a failure's text, else a skeleton. */
function TileValue<T>({
  missing,
  read,
  children,
}: {
  missing: boolean;
  read: Read<T>;
  children(data: T): ReactNode;
}) {
  if (missing || isDataSourceMissing(read.error))
    return (
      <>
        <Typography.Text>{SEO_DATA_MESSAGES.notConfigured}</Typography.Text>
        <Typography.Text type="secondary" className="dash-tile-note">
          {SEO_DATA_MESSAGES.notConfiguredHelp}
        </Typography.Text>
      </>
    );
  if (read.data !== undefined) return children(read.data);
  if (read.error) return <TileError error={read.error} />;
  return <Skeleton.Input active size="small" />;
}

/** The number a tile shows, and the link to its screen. */
function TileNumber({ value, to, link }: { value: string; to: string; link: string }) {
  return (
    <>
      <span className="dash-tile-number">{value}</span>
      <Link to={to}>{link}</Link>
    </>
  );
}

/** A tile's empty state: the spec's text, no number. */
const tileEmpty = (text: string) => (
  <Typography.Text type="secondary" className="dash-tile-note">
    {text}
  </Typography.Text>
);

/** The website's backlinks now: the overview's last point of total_backlinks. */
export function BacklinksTileValue({ website }: { website: Website }) {
  const source = useDataSource();
  const overview = useQuery({ ...backlinksOverviewQuery(website.domain), enabled: source.ready });
  return (
    <TileValue missing={source.missing} read={overview}>
      {(reply) => {
        const total = currentValue(reply.data.total_backlinks);
        return total === null ? (
          tileEmpty(SEO_DATA_MESSAGES.noBacklinks)
        ) : (
          <TileNumber value={count(total)} to={backlinksPath(website)} link={messages.viewBacklinks} />
        );
      }}
    </TileValue>
  );
}

/** The average position of the website's top 100 keywords in its market. */
export function AveragePositionTileValue({ website }: { website: Website }) {
  const source = useDataSource();
  const overview = useQuery({
    ...topKeywordsOverviewQuery(website.domain, marketOf(website)),
    enabled: source.ready,
  });
  return (
    <TileValue missing={source.missing} read={overview}>
      {(reply) =>
        reply.avg_pos === null ? (
          tileEmpty(KEYWORD_MESSAGES.noKeywords)
        ) : (
          <TileNumber
            value={formatAveragePosition(reply.avg_pos)}
            to={topKeywordsPath(website)}
            link={messages.viewKeywords}
          />
        )
      }
    </TileValue>
  );
}

/** The five metrics' current values ('-' for one the provider has no point of). */
function BacklinkMetrics({ reply }: { reply: BacklinksOverviewReply }) {
  return (
    <dl className="dash-metrics">
      {BACKLINK_METRICS.map((metric) => {
        const { label, format } = METRICS[metric];
        const value = currentValue(reply.data[metric]);
        return (
          <div key={metric} className="dash-metric">
            <dt>{label}</dt>
            <dd>{value === null ? '-' : format(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The 10 most recently found backlinks: the linking page, the anchor, when it was first seen. */
function RecentBacklinks({ domain }: { domain: string }) {
  const list = useInfiniteQuery(backlinksListQuery(domain, 'first_seen'));
  const first = list.data?.pages[0];
  return (
    <CardBody missing={false} read={{ data: first, error: list.error }}>
      {(page) =>
        page.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SEO_DATA_MESSAGES.noBacklinks} />
        ) : (
          <ul className="dash-backlinks" aria-label={messages.recentBacklinks}>
            {page.data.slice(0, BACKLINKS_SHOWN).map((row, index) => (
              // No field is unique (one page can link twice, with two anchors): the place is the key.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read once and never reordered.
              <li key={index} className="dash-backlink">
                <a href={row.url_from} target="_blank" rel="noopener noreferrer nofollow">
                  {row.url_from}
                </a>
                <Typography.Text type="secondary" className="dash-backlink-meta">
                  <span>
                    {messages.anchor}: {row.anchor || messages.noAnchor}
                  </span>
                  <span>
                    {messages.firstSeen}: {formatDate(row.first_seen)}
                  </span>
                </Typography.Text>
              </li>
            ))}
          </ul>
        )
      }
    </CardBody>
  );
}

/**
 * Spec 2.2 'Backlinks Overview': the five metrics now and the 10 most recently found backlinks. The
 * list is read only for a domain that has backlinks.
 */
export function BacklinksOverviewCard({ website }: { website: Website }) {
  const source = useDataSource();
  const overview = useQuery({ ...backlinksOverviewQuery(website.domain), enabled: source.ready });
  const missing = source.missing || isDataSourceMissing(overview.error);
  return (
    <Card
      title="Backlinks Overview"
      className="dash-data-card"
      extra={missing ? undefined : <Link to={backlinksPath(website)}>{messages.viewAll}</Link>}
    >
      <CardBody missing={missing} read={overview}>
        {(reply) =>
          (currentValue(reply.data.total_backlinks) ?? 0) === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SEO_DATA_MESSAGES.noBacklinks} />
          ) : (
            <div className="dash-data-body">
              <BacklinkMetrics reply={reply} />
              <RecentBacklinks domain={website.domain} />
              <CacheHint reply={reply} />
            </div>
          )
        }
      </CardBody>
    </Card>
  );
}

// The keyword and its position stay; the volume and traffic give way in a narrow card.
const KEYWORD_COLUMNS: ResponsiveColumn<KeywordRow>[] = [
  {
    key: 'phrase',
    title: 'Keyword',
    dataIndex: 'phrase',
    className: 'dash-keyword-phrase',
    width: 180,
    narrowWidth: 120,
    priority: 'key',
  },
  {
    key: 'pos',
    title: 'Position',
    dataIndex: 'pos',
    align: 'right',
    width: 80,
    narrowWidth: 70,
    priority: 'key',
    render: (pos: number) => shownPosition(pos),
  },
  {
    key: 'vol',
    title: 'Search volume',
    dataIndex: 'vol',
    align: 'right',
    width: 110,
    priority: 1,
    render: (vol: number | null) => (vol === null ? '-' : count(vol)),
  },
  {
    key: 'traffic',
    title: 'Traffic',
    dataIndex: 'traffic',
    align: 'right',
    width: 90,
    priority: 2,
    render: (traffic: number) => count(traffic),
  },
];

/** Spec 2.2 'Top Keywords': the website's 5 keywords with the most traffic in its market. */
export function TopKeywordsCard({ website }: { website: Website }) {
  const source = useDataSource();
  const keywords = useQuery({
    ...topKeywordsQuery(website.domain, marketOf(website)),
    enabled: source.ready,
  });
  const missing = source.missing || isDataSourceMissing(keywords.error);
  return (
    <Card
      title="Top Keywords"
      className="dash-data-card"
      extra={missing ? undefined : <Link to={topKeywordsPath(website)}>{messages.viewAll}</Link>}
    >
      <CardBody missing={missing} read={keywords}>
        {(reply) =>
          reply.data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={KEYWORD_MESSAGES.noKeywords} />
          ) : (
            <div className="dash-data-body">
              <ResponsiveTable<KeywordRow>
                className="dash-keywords"
                size="small"
                rowKey="phrase"
                columns={KEYWORD_COLUMNS}
                dataSource={reply.data.slice(0, KEYWORDS_SHOWN)}
                pagination={false}
              />
              <CacheHint reply={reply} />
            </div>
          )
        }
      </CardBody>
    </Card>
  );
}
