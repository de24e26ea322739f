import { displayHost, type Website } from '@sitelens/contracts';
import { Button, Card, Modal, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WebsiteSelector } from '../websites/website-selector';
import { AuditOverview } from './audit-overview';
import { DomainForm } from './domain-form';
import { setupDomainPath } from './paths';
import { SelectedWebsiteGate } from './selected-website-gate';
import './deep-analysis.css';

/** Statuses of a website on its way into Deep Analysis: the setup screen follows them (spec 2.4). */
const SETTING_UP = new Set(['setting_up', 'failed', 'importing_sitemaps', 'waiting_for_user_input']);

/**
 * /deep-analysis[?w_guid=]: the domain form without a website; a website on its way in goes to
 * /deep-analysis/setup-domain; a completed one shows its audit overview.
 */
export function DeepAnalysisScreen() {
  return (
    <SelectedWebsiteGate
      none={
        <div className="da-page">
          <DomainForm websites={[]} />
        </div>
      }
    >
      {(website, websites, select) => <DeepAnalysis website={website} websites={websites} select={select} />}
    </SelectedWebsiteGate>
  );
}

function DeepAnalysis({
  website,
  websites,
  select,
}: {
  website: Website;
  websites: Website[];
  select(guid: string): void;
}) {
  const [adding, setAdding] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const settingUp = SETTING_UP.has(website.status);
  // Redirected once w_guid names the website: selecting it rewrites this screen's URL, which would
  // otherwise undo a redirect made in the same render.
  const synced = params.get('w_guid') === website.guid;
  useEffect(() => {
    if (settingUp && synced) navigate(setupDomainPath(website.guid), { replace: true });
  }, [settingUp, synced, website.guid, navigate]);
  if (settingUp) return <Skeleton active />;
  return (
    <div className="da-page">
      <div className="da-toolbar">
        <WebsiteSelector websites={websites} value={website.guid} onChange={select} />
        <Button onClick={() => setAdding(true)}>Analyze another domain</Button>
      </div>
      {website.status === 'completed' ? (
        <AuditOverview key={website.guid} website={website} />
      ) : (
        <NotStarted website={website} />
      )}
      <Modal
        open={adding}
        onCancel={() => setAdding(false)}
        footer={null}
        title="Analyze another domain"
        destroyOnHidden
      >
        <DomainForm websites={websites} />
      </Modal>
    </div>
  );
}

/** A tracked website that has not been through Deep Analysis yet. */
function NotStarted({ website }: { website: Website }) {
  return (
    <Card>
      <Space orientation="vertical">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {displayHost(website.domain)} is not in Deep Analysis yet
        </Typography.Title>
        <Typography.Text type="secondary">
          Its sitemaps are imported, every URL is crawled and scored, and its pages are grouped.
        </Typography.Text>
        <Link to={setupDomainPath(website.guid)}>
          <Button type="primary">Start Deep Analysis</Button>
        </Link>
      </Space>
    </Card>
  );
}
