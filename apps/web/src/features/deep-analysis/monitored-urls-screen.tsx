import { ArrowLeftOutlined } from '@ant-design/icons';
import { countOf, displayHost, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { AddUrlsButton } from './add-urls-form';
import { deepAnalysisKey, fetchUrlPage, pageGroupsQuery, urlCountQuery } from './deep-analysis.queries';
import { ExportCsvButton } from './export-csv-button';
import { overviewPath } from './paths';
import { SelectedWebsiteGate } from './selected-website-gate';
import { UrlTable } from './url-table';
import './deep-analysis.css';

const messages = {
  count: (count: number, max: number) => `${count} of ${countOf(max, 'URL')}`,
};

/** `/deep-analysis/monitored-urls?w_guid=`: every URL Deep Analysis monitors for the website (spec 2.4). */
export function MonitoredUrlsScreen() {
  return (
    <SelectedWebsiteGate>
      {(website) => <MonitoredUrls key={website.guid} website={website} />}
    </SelectedWebsiteGate>
  );
}

function MonitoredUrls({ website }: { website: Website }) {
  const w = website.guid;
  const count = useQuery(urlCountQuery(w));
  const groups = useQuery(pageGroupsQuery(w));

  return (
    <div className="da-page">
      <div className="da-header">
        <Link to={overviewPath(w)} aria-label="Back to Deep Analysis" className="da-back">
          <ArrowLeftOutlined />
        </Link>
        <div className="da-header-text">
          <Typography.Title level={3} className="da-title">
            Monitored URLs
          </Typography.Title>
          <Typography.Text type="secondary">
            {displayHost(website.domain)}
            {count.data && ` · ${messages.count(count.data.count, count.data.dp_max_urls)}`}
          </Typography.Text>
        </div>
      </div>
      <Card>
        <UrlTable
          website={website}
          queryKey={[...deepAnalysisKey, 'urls', w]}
          loadPage={(lastKey) => fetchUrlPage(w, lastKey)}
          // The column is there from the start; titles fill in when the groups arrive.
          groups={groups.data ?? []}
          deletable
          extra={
            <Space wrap>
              <AddUrlsButton website={website} chooseGroup />
              <ExportCsvButton
                path={`/serviceable-url/${w}/export.csv`}
                fileName={`${website.domain}-urls.csv`}
              />
            </Space>
          }
        />
      </Card>
    </div>
  );
}
