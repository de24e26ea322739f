import { type TemplateListReply, WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { templatesQuery } from './white-label.queries';
import './white-label.css';

export const WHITE_LABEL_PATHS = {
  reports: '/white-label/reports',
  templates: '/white-label/templates',
  delivery: '/white-label/delivery',
  template: (guid: string) => `/white-label/templates/${encodeURIComponent(guid)}`,
} as const;

const TABS = [
  { key: 'reports', label: 'Generate report' },
  { key: 'templates', label: 'Template settings' },
  { key: 'delivery', label: 'Delivery' },
] as const;

export type WhiteLabelTab = (typeof TABS)[number]['key'];

/** Spec 6: the plan (or its override) does not allow white-label reports. */
export function WhiteLabelDisabled() {
  return (
    <Alert
      type="warning"
      showIcon
      title={WHITE_LABEL_MESSAGES.disabled}
      description={<Link to="/subscription/plans">upgrade</Link>}
    />
  );
}

/**
 * The frame of the white-label screens: the spec's two tabs and Delivery (schedules and share links), then the screen once the template list is
 * read; while it loads a skeleton, when it fails the error with a retry, and when the plan does not
 * allow white label only the warning with its upgrade link.
 */
export function WhiteLabelPage({
  tab,
  children,
}: {
  tab: WhiteLabelTab;
  children: (reply: TemplateListReply) => ReactNode;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const templates = useQuery(templatesQuery);
  // A click on the active tab still leads to its screen (from the editor back to the list).
  const open = (key: string) => {
    const target = WHITE_LABEL_PATHS[key as WhiteLabelTab];
    if (target !== pathname) navigate(target);
  };
  return (
    <div className="wl-page">
      <Tabs
        className="wl-tabs"
        activeKey={tab}
        items={TABS.map(({ key, label }) => ({ key, label }))}
        onTabClick={open}
      />
      {templates.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : templates.isError ? (
        <ServerErrorAlert
          error={templates.error}
          action={
            <Button size="small" onClick={() => templates.refetch()}>
              Try again
            </Button>
          }
        />
      ) : !templates.data.allowed ? (
        <WhiteLabelDisabled />
      ) : (
        children(templates.data)
      )}
    </div>
  );
}
