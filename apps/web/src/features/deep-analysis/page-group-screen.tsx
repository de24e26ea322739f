import { ArrowLeftOutlined, MoreOutlined } from '@ant-design/icons';
import {
  type FailedCheck,
  PAGE_GROUP_MESSAGES,
  type PageGroup,
  type PriorityBand,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Dropdown, Empty, List, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { AddUrlsButton } from './add-urls-form';
import {
  deepAnalysisKey,
  failedChecksQuery,
  fetchGroupUrlPage,
  imageQuery,
  pageGroupsQuery,
  refreshDeepAnalysis,
  removePageGroup,
} from './deep-analysis.queries';
import { EngagementTag } from './engagement-tag';
import { PageGroupFormModal } from './page-group-form';
import { failedCheckPath, overviewPath } from './paths';
import { BAND_COLOR, ScoreCircle } from './score-and-bands';
import { SelectedWebsiteGate } from './selected-website-gate';
import { UrlTable } from './url-table';
import './deep-analysis.css';

const messages = {
  back: 'Back to Deep Analysis',
  removeTitle: (title: string) => `Remove the page group ${title}?`,
  removeDetail:
    'Its URLs stay monitored, in no page group. Grouping after the next crawl does not bring it back.',
  monitored: (count: number) => `${count} monitored ${count === 1 ? 'URL' : 'URLs'}`,
  affected: (count: number) => `${count} affected ${count === 1 ? 'URL' : 'URLs'}`,
};

const bandLabel = (band: PriorityBand) => band.charAt(0) + band.slice(1).toLowerCase();

/** `/deep-analysis/page-group?w_guid=&cluster_guid=`: one page group, its URLs and its failed checks (spec 2.4). */
export function PageGroupScreen() {
  const [params] = useSearchParams();
  const cluster = params.get('cluster_guid');
  return (
    <SelectedWebsiteGate>
      {(website) =>
        cluster ? (
          <PageGroupLoader key={`${website.guid}:${cluster}`} website={website} cluster={cluster} />
        ) : (
          <Navigate replace to={overviewPath(website.guid)} />
        )
      }
    </SelectedWebsiteGate>
  );
}

function PageGroupLoader({ website, cluster }: { website: Website; cluster: string }) {
  const groups = useQuery(pageGroupsQuery(website.guid));
  if (groups.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (groups.isError) return <ServerErrorAlert error={groups.error} />;
  const group = groups.data.find((g) => g.guid === cluster);
  if (!group)
    return (
      <Result
        status="404"
        title={PAGE_GROUP_MESSAGES.notFound}
        extra={<Link to={overviewPath(website.guid)}>{messages.back}</Link>}
      />
    );
  return <PageGroupView website={website} group={group} />;
}

function PageGroupView({ website, group }: { website: Website; group: PageGroup }) {
  const w = website.guid;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const [editing, setEditing] = useState(false);

  const confirmRemove = () =>
    modal.confirm({
      title: messages.removeTitle(group.title),
      content: messages.removeDetail,
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removePageGroup(w, group.guid);
        } catch {
          // Spec 8: a failed removal is not shown; the group simply stays.
          return;
        }
        navigate(overviewPath(w));
        void refreshDeepAnalysis(queryClient);
      },
    });

  return (
    <div className="da-page">
      <div className="da-header">
        <Link to={overviewPath(w)} aria-label={messages.back} className="da-back">
          <ArrowLeftOutlined />
        </Link>
        <div className="da-header-text">
          <Typography.Title level={3} className="da-title">
            {group.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="da-description">
            {group.description}
          </Typography.Paragraph>
          <EngagementTag level={group.pue_level} reason={group.pue_reason} />
        </div>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'update', label: 'Update page group', onClick: () => setEditing(true) },
              { key: 'remove', label: 'Remove page group', danger: true, onClick: confirmRemove },
            ],
          }}
        >
          <Button icon={<MoreOutlined />} aria-label="Page group actions" />
        </Dropdown>
      </div>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <GroupSummary group={group} />
        </Col>
        <Col xs={24} lg={16}>
          <FailedChecksPanel w={w} cluster={group.guid} />
        </Col>
      </Row>

      <Card title="URLs">
        <UrlTable
          website={website}
          queryKey={[...deepAnalysisKey, 'group-urls', w, group.guid]}
          loadPage={(lastKey) => fetchGroupUrlPage(w, group.guid, lastKey)}
          deletable
          extra={<AddUrlsButton website={website} clusterGuid={group.guid} />}
        />
      </Card>

      <PageGroupFormModal
        website={website}
        group={group}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </div>
  );
}

function GroupSummary({ group }: { group: PageGroup }) {
  const screenshot = useQuery(imageQuery(group.screenshot_url));
  return (
    <Card className="da-group-summary">
      <div className="da-score-block">
        <ScoreCircle score={group.avg_seo_score} size={120} label="Average SEO score" />
        <Typography.Text type="secondary">Average SEO score</Typography.Text>
        <Typography.Text>{messages.monitored(group.monitored_urls)}</Typography.Text>
      </div>
      {group.screenshot_url === null ? (
        <Typography.Paragraph type="secondary" className="da-no-screenshot">
          {PAGE_GROUP_MESSAGES.noScreenshot}
        </Typography.Paragraph>
      ) : screenshot.data ? (
        <img className="da-screenshot" src={screenshot.data} alt={`Screenshot of ${group.title}`} />
      ) : (
        // A screenshot that cannot be read is left out: the group's numbers matter more.
        screenshot.isPending && <Skeleton.Image active className="da-screenshot" />
      )}
    </Card>
  );
}

function FailedChecksPanel({ w, cluster }: { w: string; cluster: string }) {
  const checks = useQuery(failedChecksQuery(w, cluster));
  let body: ReactNode;
  if (checks.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (checks.isError) body = <ServerErrorAlert error={checks.error} />;
  else if (checks.data.data.length === 0) body = <Empty description={WEBSITE_MESSAGES.noIssues} />;
  else
    body = (
      <List<FailedCheck>
        dataSource={checks.data.data}
        renderItem={(check) => (
          <List.Item>
            <div className="da-check">
              <Link to={failedCheckPath(w, check.test_key, cluster)}>{check.title}</Link>
              <div className="da-check-facts">
                <Tag color={BAND_COLOR[check.priority]}>{`${bandLabel(check.priority)} priority`}</Tag>
                <Typography.Text type="secondary">{messages.affected(check.affected_urls)}</Typography.Text>
                <Typography.Text type="secondary">{`Impact: ${bandLabel(check.impact)}`}</Typography.Text>
              </div>
            </div>
          </List.Item>
        )}
      />
    );
  return <Card title="Page Group failed checks">{body}</Card>;
}
