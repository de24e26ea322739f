import { WEBSITE_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { appConfigQuery } from '../../../api/app-config.queries';

/**
 * 'Looks like you've hit your domain limit!' (spec 5, 6): professional plans are asked to contact
 * us, the others to upgrade.
 */
export function DomainLimitAlert({ max, professional }: { max: number; professional: boolean }) {
  const config = useQuery(appConfigQuery);
  const contact = config.data?.contact_email;
  const counted = `Your plan allows up to ${max} tracked ${max === 1 ? 'website' : 'websites'}.`;
  return (
    <Alert
      type="warning"
      showIcon
      className="domain-limit-alert"
      title={WEBSITE_MESSAGES.domainLimit}
      description={
        professional ? (
          <>
            {counted} {contact ? <a href={`mailto:${contact}`}>Contact us</a> : 'Contact us'} to track more.
          </>
        ) : (
          <>
            {counted} <Link to="/subscription/plans">Upgrade your plan</Link> to track more.
          </>
        )
      }
      style={{ marginBottom: 16 }}
    />
  );
}
