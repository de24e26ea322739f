import { SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { DataSourceMissing } from '../seo-data/data-source-missing';
import { isDataSourceMissing } from '../seo-data/seo-data-error';
import { SeoDataErrorAlert } from '../seo-data/seo-data-error-alert';
import { backlinksOverviewQuery } from './backlinks.queries';
import { BacklinksOverview, currentValue } from './backlinks-overview';
import { BacklinksTabs } from './backlinks-tabs';
import './backlinks.css';

/**
 * A domain's backlinks: the overview boxes, then the five lists. The overview and the open list are
 * read side by side; a domain without backlinks shows the empty state instead of the lists, and a
 * server without a data source one panel instead of everything.
 */
export function BacklinksExplorer({ domain }: { domain: string }) {
  const overview = useQuery(backlinksOverviewQuery(domain));
  if (isDataSourceMissing(overview.error)) return <DataSourceMissing />;
  const none = overview.data && (currentValue(overview.data.data.total_backlinks) ?? 0) === 0;
  return (
    <div className="seo-data-stack">
      {overview.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : overview.isError ? (
        <SeoDataErrorAlert error={overview.error} />
      ) : (
        <BacklinksOverview reply={overview.data} />
      )}
      {none ? <Empty description={SEO_DATA_MESSAGES.noBacklinks} /> : <BacklinksTabs domain={domain} />}
    </div>
  );
}
