import { SEO_DATA_ERROR_CODES, SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { Alert } from 'antd';
import { fieldProblem } from '../../api/client';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { DataSourceMissing } from './data-source-missing';
import { seoDataErrorCode } from './seo-data-error';

/**
 * A failed data call: the not-configured panel, the spent budget in the spec's words, else the
 * server's own text (a failed provider, a refused domain).
 */
export function SeoDataErrorAlert({ error }: { error: unknown }) {
  const code = seoDataErrorCode(error);
  if (code === SEO_DATA_ERROR_CODES.notConfigured) return <DataSourceMissing />;
  if (code === SEO_DATA_ERROR_CODES.budgetSpent)
    return <Alert type="warning" showIcon title={SEO_DATA_MESSAGES.budgetSpent} />;
  // A refused domain answers 400 naming the field (`query.domain: Invalid domain`): its message alone.
  const domain = fieldProblem(error, 'domain');
  if (domain) return <Alert type="error" showIcon title={domain} />;
  return <ServerErrorAlert error={error} />;
}
