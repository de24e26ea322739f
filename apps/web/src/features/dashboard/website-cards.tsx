import { displayHost, scoreColor, WEBSITE_MESSAGES, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Progress, Row, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ScoreProgressChart } from '../../components/charts/score-progress-chart';
import { competitorOverviewsQuery, overviewsQuery, structureQuery } from '../checkup/checkup.queries';
import { pageGroupsQuery } from '../deep-analysis/deep-analysis.queries';
import { PageGroupCard } from '../deep-analysis/page-group-card';
import { overviewPath } from '../deep-analysis/paths';
import { LoadingTimeCard } from '../monitoring/loading-time-card';
import { OutageMapCard } from '../monitoring/outage-map-card';
import { LoadingTimeTileValue, OutageTileValue } from '../monitoring/summary-tiles';
import { settingsPath } from '../websites/settings-sections';
import { importantFixesQuery } from '../websites/websites.queries';
import {
  AveragePositionTileValue,
  BacklinksOverviewCard,
  BacklinksTileValue,
  TopKeywordsCard,
} from './data-cards';

const WINDOW_DAYS = 7;
const FIXES_SHOWN = 5;
/** Page groups the dashboard shows, largest first; the rest are on the Deep Analysis overview. */
const GROUPS_SHOWN = 3;

export const reportLink = (reportGuid: string, url: string, hash = '') =>
  `/analysis/report?guid=${reportGuid}&url=${encodeURIComponent(url)}${hash}`;

function SummaryTile({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Col xs={24} sm={12} lg={8} xxl={4} className="summary-tile">
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div className="summary-tile-value">{children}</div>
    </Col>
  );
}

const noValue = (why: string) => (
  <>
    <Typography.Text>{WEBSITE_MESSAGES.noData}</Typography.Text>
    <Typography.Text type="secondary" className="filled-by">
      {why}
    </Typography.Text>
  </>
);

/** The cards of the selected website (spec 2.2). */
export function WebsiteCards({ website }: { website: Website }) {
  const ageMs = Date.now() - new Date(website.c_at).getTime();
  const waitingForFirstReport = !website.on_page_seo && ageMs < 60 * 60 * 1000;
  const score = website.on_page_seo;
  return (
    <div className="website-cards">
      {waitingForFirstReport && (
        <Alert
          type="info"
          showIcon
          className="first-report-alert"
          title={`We are analyzing ${displayHost(website.domain)}`}
          description="Its first SEO checkup is running. The cards fill in as soon as it finishes; this page checks every 30 seconds."
        />
      )}
      <Card title="Summary" className="summary-card">
        <Row gutter={[16, 16]}>
          <SummaryTile title="SEO score">
            {score ? (
              <Space align="center">
                <Progress
                  type="circle"
                  size={56}
                  percent={score.score}
                  format={(value) => value}
                  strokeColor={scoreColor(score.score)}
                  aria-label={`SEO score ${score.score}`}
                />
                <Link to={reportLink(score.report_guid, website.homepage_url)}>View report</Link>
              </Space>
            ) : (
              noValue('Filled by the first SEO checkup of the homepage.')
            )}
          </SummaryTile>
          <SummaryTile title="Backlinks">
            <BacklinksTileValue website={website} />
          </SummaryTile>
          <SummaryTile title="Average position">
            <AveragePositionTileValue website={website} />
          </SummaryTile>
          <SummaryTile title="Loading time">
            <LoadingTimeTileValue website={website} />
          </SummaryTile>
          <SummaryTile title="Outage">
            <OutageTileValue website={website} />
          </SummaryTile>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ScoreProgressCard website={website} />
        </Col>
        <Col xs={24} xl={10}>
          <IssuesToFixCard website={website} />
        </Col>
        <Col xs={24} lg={12}>
          <BacklinksOverviewCard website={website} />
        </Col>
        <Col xs={24} lg={12}>
          <TopKeywordsCard website={website} />
        </Col>
        <Col xs={24} lg={12}>
          <LoadingTimeCard website={website} />
        </Col>
        <Col xs={24} lg={12}>
          <OutageMapCard website={website} />
        </Col>
        <Col xs={24}>
          <PageGroupsCard website={website} />
        </Col>
      </Row>
    </div>
  );
}

/** The website's page groups from Deep Analysis (spec 2.2 "Page-group card"), largest first. */
function PageGroupsCard({ website }: { website: Website }) {
  const inDeepAnalysis = website.status === 'completed';
  const groups = useQuery({ ...pageGroupsQuery(website.guid), enabled: inDeepAnalysis });
  const overview = overviewPath(website.guid);
  return (
    <Card
      title="Page Groups"
      className="dashboard-page-groups"
      extra={inDeepAnalysis ? <Link to={overview}>Deep Analysis</Link> : undefined}
    >
      {!inDeepAnalysis || (groups.data && groups.data.length === 0) ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{WEBSITE_MESSAGES.noData}</div>
              <Typography.Text type="secondary" className="filled-by">
                Filled by Deep Analysis once it has crawled the site.{' '}
                {!inDeepAnalysis && <Link to={overview}>Start Deep Analysis</Link>}
              </Typography.Text>
            </>
          }
        />
      ) : groups.isError ? (
        <Alert type="error" showIcon title={WEBSITE_MESSAGES.somethingWrong} />
      ) : !groups.data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.data.slice(0, GROUPS_SHOWN).map((group) => (
            <Col key={group.guid} xs={24} md={12} xl={8}>
              <PageGroupCard w={website.guid} group={group} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

/** The homepage's score and its competitors' over the last 7 days. */
function ScoreProgressCard({ website }: { website: Website }) {
  const range = {
    start_date: dayjs()
      .subtract(WINDOW_DAYS - 1, 'day')
      .format('YYYY-MM-DD'),
    end_date: dayjs().format('YYYY-MM-DD'),
  };
  const main = useQuery(overviewsQuery({ ...range, url: website.homepage_url }));
  const competitors = useQuery(competitorOverviewsQuery(website.settings.competitors, range));
  // A new homepage checkup finished (the website list is polled): its score joins the chart.
  const latest = website.on_page_seo?.report_guid;
  const refetchMain = main.refetch;
  const refetchCompetitors = competitors.refetch;
  const seen = useRef(latest);
  useEffect(() => {
    if (seen.current === latest) return;
    seen.current = latest;
    void refetchMain();
    void refetchCompetitors();
  }, [latest, refetchMain, refetchCompetitors]);
  const hasCompetitors = website.settings.competitors.length > 0;
  return (
    <Card
      title="SEO Score Progress"
      className="dashboard-score-progress"
      extra={
        <Link to={settingsPath('competitors', website.guid)}>
          {hasCompetitors ? 'Edit competitors' : 'Add competitors'}
        </Link>
      }
    >
      {main.isPending || competitors.isPending ? (
        <Skeleton active />
      ) : main.data && main.data.length > 0 ? (
        <ScoreProgressChart main={main.data} competitors={competitors.data ?? []} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={WEBSITE_MESSAGES.noDataForInterval} />
      )}
    </Card>
  );
}

/** The latest homepage checkup's important fixes, most relevant first. */
function IssuesToFixCard({ website }: { website: Website }) {
  const fixes = useQuery({ ...importantFixesQuery(website.guid), enabled: website.on_page_seo !== null });
  const structure = useQuery(structureQuery);
  const titleOf = (key: string) =>
    structure.data?.categories.flatMap((c) => c.sections).find((s) => s.key === key)?.title ?? key;
  const data = fixes.data;
  return (
    <Card
      title="Issues to fix"
      className="dashboard-fixes"
      extra={
        data?.report_guid && data.url ? (
          <Link to={reportLink(data.report_guid, data.url)}>View report</Link>
        ) : undefined
      }
    >
      {website.on_page_seo === null || (data && data.fixes.length === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={WEBSITE_MESSAGES.noIssues} />
      ) : fixes.isError ? (
        <Alert type="error" showIcon title={WEBSITE_MESSAGES.somethingWrong} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <List
          size="small"
          dataSource={data.fixes.slice(0, FIXES_SHOWN)}
          renderItem={(fix) => (
            <List.Item>
              <div>
                <Link to={reportLink(data.report_guid!, data.url!, `#${fix.section_key}`)}>
                  {titleOf(fix.section_key)}
                </Link>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {fix.recommendation}
                </Typography.Paragraph>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
