import type { Website } from '@sitelens/contracts';
import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { useSelectedWebsite } from '../websites/use-selected-website';

const NO_WEBSITE = 'You do not track any website yet. Add one in Deep Analysis to see it here.';

/**
 * The selected website of a Deep Analysis screen, with the states they share: loading, the
 * server's error, and no website at all (`none`, else a way to Deep Analysis's domain form).
 */
export function SelectedWebsiteGate({
  children,
  none,
}: {
  children: (website: Website, websites: Website[], select: (guid: string) => void) => ReactNode;
  none?: ReactNode;
}) {
  const { websites, selected, select } = useSelectedWebsite();
  if (websites.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (websites.isError) return <ServerErrorAlert error={websites.error} />;
  if (!selected)
    return (
      none ?? (
        <Card>
          <Empty description={NO_WEBSITE}>
            <Link to="/deep-analysis">Go to Deep Analysis</Link>
          </Empty>
        </Card>
      )
    );
  return children(selected, websites.data, select);
}
