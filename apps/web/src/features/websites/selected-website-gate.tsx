import type { Website } from '@sitelens/contracts';
import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ServerErrorAlert } from './server-error-alert';
import { useSelectedWebsite } from './use-selected-website';

export interface SelectedWebsite {
  website: Website;
  websites: Website[];
  select(guid: string): void;
}

/**
 * The part of a screen about the selected tracked website: a skeleton while the websites load,
 * their error, and with none tracked `noWebsite` and a link to the dashboard, where one is added.
 */
export function SelectedWebsiteGate({
  noWebsite,
  children,
}: {
  noWebsite: string;
  children: (selected: SelectedWebsite) => ReactNode;
}) {
  const { websites, selected, select } = useSelectedWebsite();
  if (websites.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (websites.isError) return <ServerErrorAlert error={websites.error} />;
  if (!selected)
    return (
      <Card>
        <Empty description={noWebsite}>
          <Link to="/dashboard">Go to the dashboard</Link>
        </Empty>
      </Card>
    );
  return children({ website: selected, websites: websites.data, select });
}
