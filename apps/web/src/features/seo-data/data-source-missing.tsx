import { DatabaseOutlined } from '@ant-design/icons';
import { SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { Result } from 'antd';
import './seo-data.css';

/**
 * What a keyword or backlink data screen shows instead of its data when this server has no data
 * source: not an error to retry, but a setting an operator makes.
 */
export function DataSourceMissing() {
  return (
    <Result
      className="seo-data-missing"
      icon={<DatabaseOutlined />}
      title={SEO_DATA_MESSAGES.notConfigured}
      subTitle={SEO_DATA_MESSAGES.notConfiguredHelp}
    />
  );
}
