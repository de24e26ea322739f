import { ArrowDownOutlined, ArrowUpOutlined, CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  type AnalysisProcess,
  AUDIT_OVERVIEW_MESSAGES,
  displayHost,
  formatDate,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  List,
  Progress,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { ResponsiveTable } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { WebsiteFavicon } from '../websites/website-favicon';
import {
  activeProcessesQuery,
  comparisonQuery,
  imageQuery,
  overviewQuery,
  POLL_MS,
  pageGroupsQuery,
  refreshDeepAnalysis,
  startBatch,
} from './deep-analysis.queries';
import { PageGroupCard } from './page-group-card';
import { PageGroupFormModal } from './page-group-form';
import { domainReportPath, failedCheckPath, monitoredUrlsPath, pageGroupPath } from './paths';
import { BAND_COLOR, ScoreCircle } from './score-and-bands';

/** Polling of spec 4/9 while processes run: batch 30 s, domain analysis 15 s, imports 5 s. */
function pollInterval(active: AnalysisProcess[] | undefined): number | false {
  if (!active?.length) return false;
  if (active.some((p) => p.process_type === 'import_sitemaps')) return POLL_MS.importSitemaps;
  if (active.some((p) => p.process_type === 'on_page_seo_domain_analysis')) return POLL_MS.domain;
  return POLL_MS.batch;
}

/** The website's running processes; when the list empties, every Deep Analysis answer is read again. */
function useActiveProcesses(w: string) {
  const queryClient = useQueryClient();
  const active = useQuery({
    ...activeProcessesQuery(w),
    refetchInterval: (query) => pollInterval(query.state.data),
  });
  const wasRunning = useRef(false);
  const running = (active.data?.length ?? 0) > 0;
  useEffect(() => {
    if (wasRunning.current && !running) void refreshDeepAnalysis(queryClient);
    wasRunning.current = running;
  }, [running, queryClient]);
  return active;
}

/** The audit overview of a website in Deep Analysis (spec 2.4 "Audit overview"), with the crawl comparison. */
export function AuditOverview({ website }: { website: Website }) {
  const w = website.guid;
  const overview = useQuery(overviewQuery(w));
  const active = useActiveProcesses(w);
  const screenshot = useQuery(imageQuery(overview.data?.screenshot_url ?? null));
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const recrawl = useMutation({
    mutationFn: () => startBatch(w),
    onSuccess: async (started) => {
      toast.success(started.message, started.description);
      await active.refetch();
    },
    onError: async (error) => toast.error(await errorText(error)),
  });

  if (overview.isPending) return <Skeleton active />;
  if (overview.isError)
    return (
      <Result
        status="error"
        title={WEBSITE_MESSAGES.somethingWrong}
        subTitle="Please try again or contact support."
        extra={<Button onClick={() => overview.refetch()}>Retry</Button>}
      />
    );
  const data = overview.data;
  const batch = active.data?.find((p) => p.process_type !== 'import_sitemaps');
  return (
    <div className="da-overview">
      <Card className="da-overview-head">
        <Row gutter={[24, 16]} align="middle">
          <Col xs={24} md={16}>
            <Space align="center" size={8}>
              <WebsiteFavicon guid={w} size={20} />
              <Typography.Title level={3} style={{ margin: 0 }}>
                {displayHost(data.domain)}
              </Typography.Title>
            </Space>
            <Typography.Paragraph className="da-summary">{data.summary}</Typography.Paragraph>
            <Typography.Text type="secondary">
              {data.analyzed_urls} of {data.monitored_urls} monitored URLs analyzed
              {data.c_at ? `, last on ${formatDate(data.c_at)}` : ''}. Written from the crawl's figures.
            </Typography.Text>
            <div className="da-actions">
              <Link to={monitoredUrlsPath(w)}>
                <Button>Monitored URLs</Button>
              </Link>
              <Link to={domainReportPath(w)}>
                <Button>Domain report</Button>
              </Link>
              <Button onClick={() => setCreating(true)}>New page group</Button>
              <Button
                type="primary"
                onClick={() => recrawl.mutate()}
                loading={recrawl.isPending}
                disabled={!!batch}
              >
                Crawl again
              </Button>
            </div>
          </Col>
          <Col xs={24} md={8} className="da-overview-score">
            <ScoreCircle score={data.overall_score} size={120} label="Overall SEO score" />
            <Typography.Text type="secondary">Overall score</Typography.Text>
          </Col>
        </Row>
        {screenshot.data && (
          <img
            className="da-home-screenshot"
            src={screenshot.data}
            alt={`Screenshot of ${displayHost(data.domain)}'s homepage`}
          />
        )}
      </Card>

      {batch && (
        <Alert
          type="info"
          showIcon
          className="da-running"
          title={AUDIT_OVERVIEW_MESSAGES.crawlProgress(
            displayHost(data.domain),
            batch.completed + batch.failed + batch.timeout,
            batch.subprocesses_count,
          )}
          description={
            <Progress
              percent={Math.round(
                ((batch.completed + batch.failed + batch.timeout) / Math.max(1, batch.subprocesses_count)) *
                  100,
              )}
              status="active"
            />
          }
        />
      )}
      {!batch && data.failed_crawl && (
        <Alert
          type="error"
          showIcon
          className="da-crawl-failed"
          title={`The crawl of ${formatDate(data.failed_crawl.c_at)} failed: it could not reach ${displayHost(data.domain)}.`}
          description={`${data.failed_crawl.error} ${
            data.c_at
              ? `The figures below are from the last crawl that reached the site, on ${formatDate(data.c_at)}.`
              : 'No crawl has reached the site yet.'
          }`}
        />
      )}
      {data.rendering.message && <Alert type="warning" showIcon title={data.rendering.message} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Key strengths" className="da-findings">
            <Findings w={w} items={data.key_strengths} kind="strength" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Key weaknesses" className="da-findings">
            <Findings w={w} items={data.key_weaknesses} kind="weakness" />
          </Card>
        </Col>
      </Row>

      <CrawlComparisonCard w={w} />

      <PageGroups w={w} contentOverview={data.page_group_insights.content_overview} />

      <PageGroupFormModal
        website={website}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={async (guid) => {
          setCreating(false);
          await refreshDeepAnalysis(queryClient);
          navigate(pageGroupPath(w, guid));
        }}
      />
    </div>
  );
}

function Findings({
  w,
  items,
  kind,
}: {
  w: string;
  items: { test_key: string; title: string; detail: string; impact?: 'LOW' | 'MEDIUM' | 'HIGH' }[];
  kind: 'strength' | 'weakness';
}) {
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={WEBSITE_MESSAGES.noData} />;
  return (
    <List
      size="small"
      dataSource={items}
      renderItem={(item) => (
        <List.Item>
          <List.Item.Meta
            avatar={
              kind === 'strength' ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} />
              ) : (
                <CloseCircleFilled style={{ color: '#f5222d' }} />
              )
            }
            title={
              kind === 'weakness' ? (
                <Space wrap size={4}>
                  <Link to={failedCheckPath(w, item.test_key)}>{item.title}</Link>
                  {item.impact && <Tag color={BAND_COLOR[item.impact]}>{item.impact} impact</Tag>}
                </Space>
              ) : (
                item.title
              )
            }
            description={item.detail}
          />
        </List.Item>
      )}
    />
  );
}

/** New, fixed and still-open issues of the latest crawl against the one before (per check). */
function CrawlComparisonCard({ w }: { w: string }) {
  const comparison = useQuery(comparisonQuery(w));
  if (comparison.isPending) return <Card title="Since the previous crawl" loading />;
  if (comparison.isError)
    return (
      <Card title="Since the previous crawl">
        <Alert type="error" showIcon title={WEBSITE_MESSAGES.somethingWrong} />
      </Card>
    );
  const { current, previous, summary, checks } = comparison.data;
  return (
    <Card title="Since the previous crawl" className="da-comparison">
      {!current ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={WEBSITE_MESSAGES.noData} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {previous
              ? `The crawl of ${formatDate(current.c_at)} against the crawl of ${formatDate(previous.c_at)}.`
              : `The crawl of ${formatDate(current.c_at)}.`}
          </Typography.Paragraph>
          {!previous && (
            <Typography.Paragraph type="secondary">
              This is the first crawl: every issue it found is open. The next crawl shows what was fixed and
              what is new.
            </Typography.Paragraph>
          )}
          <Row gutter={16} className="da-comparison-counts">
            <Col xs={8}>
              <Statistic
                title="New issues"
                value={summary.new}
                prefix={<ArrowUpOutlined />}
                styles={{ content: { color: '#cf1322' } }}
              />
            </Col>
            <Col xs={8}>
              <Statistic
                title="Fixed issues"
                value={summary.fixed}
                prefix={<ArrowDownOutlined />}
                styles={{ content: { color: '#389e0d' } }}
              />
            </Col>
            <Col xs={8}>
              <Statistic title="Issues still open" value={summary.still_open} />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" className="da-issue-defined">
            {AUDIT_OVERVIEW_MESSAGES.issueDefined}
          </Typography.Paragraph>
          {/* Every column is a key one: the counts are what the comparison is for. */}
          <ResponsiveTable
            size="small"
            rowKey="test_key"
            pagination={checks.length > 10 ? { pageSize: 10 } : false}
            dataSource={checks}
            columns={[
              {
                key: 'title',
                title: 'Check',
                dataIndex: 'title',
                width: 320,
                narrowWidth: 110,
                priority: 'key',
                render: (title: string, row) => <Link to={failedCheckPath(w, row.test_key)}>{title}</Link>,
              },
              {
                key: 'new',
                title: 'New',
                dataIndex: 'new',
                align: 'right',
                width: 80,
                narrowWidth: 56,
                priority: 'key',
              },
              {
                key: 'fixed',
                title: 'Fixed',
                dataIndex: 'fixed',
                align: 'right',
                width: 80,
                narrowWidth: 64,
                priority: 'key',
              },
              {
                key: 'still_open',
                title: 'Still open',
                dataIndex: 'still_open',
                align: 'right',
                width: 100,
                narrowWidth: 72,
                priority: 'key',
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}

function PageGroups({ w, contentOverview }: { w: string; contentOverview: string }) {
  const groups = useQuery(pageGroupsQuery(w));
  return (
    <Card title="Page groups" className="da-groups">
      <Typography.Paragraph type="secondary">{contentOverview}</Typography.Paragraph>
      {groups.isPending ? (
        <Skeleton active />
      ) : groups.isError ? (
        <Alert type="error" showIcon title={WEBSITE_MESSAGES.somethingWrong} />
      ) : groups.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={WEBSITE_MESSAGES.noData} />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.data.map((group) => (
            <Col key={group.guid} xs={24} md={12} xl={8}>
              <PageGroupCard w={w} group={group} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
