import { InfoCircleOutlined } from '@ant-design/icons';
import {
  type AffectedCluster,
  DEEP_ANALYSIS_AUDIT_MESSAGES as AUDIT,
  type SeoTest,
  type Website,
} from '@sitelens/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RequestError } from '../../api/client';
import { RichText } from '../checkup/rich-text';
import { HowToFixModal } from '../report/how-to-fix-modal';
import { ReportHeader } from '../report/report-header';
import { ServerErrorAlert } from '../websites/server-error-alert';
import {
  affectedClustersQuery,
  deepAnalysisKey,
  fetchAffectedUrlPage,
  seoTestQuery,
} from './deep-analysis.queries';
import { ExportCsvButton } from './export-csv-button';
import { overviewPath, pageGroupPath } from './paths';
import { SelectedWebsiteGate } from './selected-website-gate';
import { UrlTable } from './url-table';
import './deep-analysis.css';

const messages = {
  back: 'Back to Deep Analysis',
  backToGroup: 'Back to the page group',
  affected: (count: number) => `${count} affected ${count === 1 ? 'URL' : 'URLs'}`,
};

/**
 * `/deep-analysis/failed-check/{key}?w_guid=[&cluster_guid=]` (spec 2.4): what a check is about,
 * how to fix it, and the URLs failing it, one list per page group (only that group's with
 * `cluster_guid`).
 */
export function FailedCheckScreen() {
  const { key = '' } = useParams();
  const [params] = useSearchParams();
  const cluster = params.get('cluster_guid');
  return (
    <SelectedWebsiteGate>
      {(website) => (
        <FailedCheckView
          key={`${website.guid}:${key}:${cluster}`}
          website={website}
          checkKey={key}
          cluster={cluster}
        />
      )}
    </SelectedWebsiteGate>
  );
}

function FailedCheckView({
  website,
  checkKey,
  cluster,
}: {
  website: Website;
  checkKey: string;
  cluster: string | null;
}) {
  const w = website.guid;
  const test = useQuery(seoTestQuery(checkKey));
  // Asked for with the test, not after it: the two answers do not depend on each other.
  const clusters = useQuery(affectedClustersQuery(w, checkKey));
  const back = cluster
    ? { to: pageGroupPath(w, cluster), label: messages.backToGroup }
    : { to: overviewPath(w), label: messages.back };

  if (test.isPending || test.isError)
    return (
      <div className="da-page">
        <ReportHeader back={back.to} backLabel={back.label} title={checkKey} />
        {test.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : test.error instanceof RequestError && test.error.status === 404 ? (
          <Alert type="error" showIcon title={AUDIT.unknownTest} />
        ) : (
          <ServerErrorAlert error={test.error} />
        )}
      </div>
    );
  return (
    <div className="da-page">
      <TestHeader test={test.data} w={w} back={back} />
      {test.data.recommendation.trim() && (
        <Card size="small" className="failed-check-recommendation">
          <Typography.Text strong>Recommendation</Typography.Text>
          <RichText html={test.data.recommendation} />
        </Card>
      )}
      <AffectedGroups website={website} checkKey={checkKey} cluster={cluster} clusters={clusters} />
    </div>
  );
}

function TestHeader({ test, w, back }: { test: SeoTest; w: string; back: { to: string; label: string } }) {
  const [howToFix, setHowToFix] = useState(false);

  return (
    <>
      <ReportHeader
        back={back.to}
        backLabel={back.label}
        title={test.title}
        info={
          <Tooltip title={<RichText html={test.description} />}>
            <InfoCircleOutlined className="check-help" aria-label={`About ${test.title}`} />
          </Tooltip>
        }
        actions={
          <Space wrap>
            <Button onClick={() => setHowToFix(true)}>How to fix</Button>
            <ExportCsvButton
              path={`/on-page-seo/affected-urls/${w}/${encodeURIComponent(test.key)}/export.csv`}
              fileName={`${test.key}-affected-urls.csv`}
            />
          </Space>
        }
      />
      <HowToFixModal
        open={howToFix}
        title={test.title}
        html={test.how_to_fix.html}
        video={test.how_to_fix.video}
        onClose={() => setHowToFix(false)}
      />
    </>
  );
}

/** The URLs failing the check, one card per page group, most affected group first (the API's order). */
function AffectedGroups({
  website,
  checkKey,
  cluster,
  clusters,
}: {
  website: Website;
  checkKey: string;
  cluster: string | null;
  clusters: UseQueryResult<AffectedCluster[]>;
}) {
  if (clusters.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (clusters.isError) return <ServerErrorAlert error={clusters.error} />;
  const groups = cluster ? clusters.data.filter((g) => g.guid === cluster) : clusters.data;
  if (groups.length === 0)
    return (
      <Card>
        <Empty description={AUDIT.noFailedUrls} />
      </Card>
    );
  return (
    <div className="failed-check-groups">
      {groups.map((group) => (
        <AffectedGroup key={group.guid} website={website} checkKey={checkKey} group={group} />
      ))}
    </div>
  );
}

function AffectedGroup({
  website,
  checkKey,
  group,
}: {
  website: Website;
  checkKey: string;
  group: AffectedCluster;
}) {
  const w = website.guid;
  return (
    <Card
      title={<span className="da-url">{group.title}</span>}
      extra={<Typography.Text type="secondary">{messages.affected(group.affected_urls)}</Typography.Text>}
    >
      <UrlTable
        website={website}
        queryKey={[...deepAnalysisKey, 'affected-urls', w, group.guid, checkKey]}
        loadPage={(last) => fetchAffectedUrlPage(w, group.guid, checkKey, last)}
        deletable={false}
      />
    </Card>
  );
}
