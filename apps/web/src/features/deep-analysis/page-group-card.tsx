import { type PageGroup, scoreColor, WEBSITE_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Progress, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { failedChecksQuery, imageQuery } from './deep-analysis.queries';
import './deep-analysis.css';
import { EngagementTag } from './engagement-tag';

const TOP_ISSUES = 3;
const SAMPLE_URLS = 3;

export const pageGroupPath = (w: string, cluster: string) =>
  `/deep-analysis/page-group?w_guid=${w}&cluster_guid=${cluster}`;
export const failedCheckPath = (w: string, key: string, cluster?: string) =>
  `/deep-analysis/failed-check/${encodeURIComponent(key)}?w_guid=${w}${cluster ? `&cluster_guid=${cluster}` : ''}`;
export const urlReportPath = (w: string, u: string) => `/deep-analysis/report?w_guid=${w}&url_guid=${u}`;

/** A score out of 100 in the spec's colours; '-' before any URL is analysed. */
export function ScoreCircle({
  score,
  size = 72,
  label,
}: {
  score: number | null;
  size?: number;
  label: string;
}) {
  return (
    <Progress
      type="circle"
      size={size}
      percent={score ?? 0}
      strokeColor={score === null ? undefined : scoreColor(score)}
      format={() => (score === null ? '-' : score)}
      aria-label={`${label}: ${score ?? 'not analysed yet'}`}
    />
  );
}

/**
 * A page group as the dashboard and the audit overview show it (spec 2.2): title, description,
 * screenshot, its three top issues by impact, three sample URLs, its score and engagement.
 */
export function PageGroupCard({ w, group }: { w: string; group: PageGroup }) {
  const issues = useQuery(failedChecksQuery(w, group.guid));
  const screenshot = useQuery(imageQuery(group.screenshot_url));
  const failing = issues.data?.data ?? [];
  return (
    <Card className="da-group-card" title={<Link to={pageGroupPath(w, group.guid)}>{group.title}</Link>}>
      <div className="da-group-card-head">
        <ScoreCircle score={group.avg_seo_score} label={`SEO score of ${group.title}`} />
        <Space orientation="vertical" size={4} style={{ minWidth: 0 }}>
          <EngagementTag level={group.pue_level} reason={group.pue_reason} />
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: 0 }}>
            {group.description}
          </Typography.Paragraph>
        </Space>
      </div>
      {screenshot.data && (
        <img className="da-group-screenshot" src={screenshot.data} alt={`Screenshot of ${group.title}`} />
      )}
      <Typography.Text strong>Top issues</Typography.Text>
      {issues.isPending ? null : failing.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={WEBSITE_MESSAGES.noIssues} />
      ) : (
        <ul className="da-plain-list">
          {failing.slice(0, TOP_ISSUES).map((issue) => (
            <li key={issue.test_key}>
              <Link to={failedCheckPath(w, issue.test_key, group.guid)}>{issue.title}</Link>{' '}
              <Typography.Text type="secondary">({issue.affected_urls} URLs)</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <Typography.Text strong>Sample URLs</Typography.Text>
      <ul className="da-plain-list">
        {group.sample_urls.slice(0, SAMPLE_URLS).map((sample) => (
          <li key={sample.guid} className="da-url">
            <Link to={urlReportPath(w, sample.guid)}>{sample.url}</Link>
          </li>
        ))}
      </ul>
      <Space wrap>
        <Link to={pageGroupPath(w, group.guid)}>
          <Button size="small">View all {failing.length} Issues</Button>
        </Link>
        <Link to={pageGroupPath(w, group.guid)}>
          <Button size="small">View all {group.monitored_urls} URLs</Button>
        </Link>
      </Space>
    </Card>
  );
}
