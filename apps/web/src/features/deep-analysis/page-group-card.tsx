import { countOf, type PageGroup, WEBSITE_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { failedChecksQuery, imageQuery } from './deep-analysis.queries';
import './deep-analysis.css';
import { EngagementTag } from './engagement-tag';
import { failedCheckPath, pageGroupPath, urlReportPath } from './paths';
import { ScoreCircle } from './score-and-bands';

const TOP_ISSUES = 3;
const SAMPLE_URLS = 3;

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
              <Typography.Text type="secondary">({countOf(issue.affected_urls, 'URL')})</Typography.Text>
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
          <Button size="small">View all {countOf(group.monitored_urls, 'URL')}</Button>
        </Link>
      </Space>
    </Card>
  );
}
