import { activeSubscription, formatDate } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { lastSelectedWebsite } from '../websites/use-selected-website';
import { recordSkipOnboarding } from '../websites/wizard/track-event';
import { WebsiteWizard } from '../websites/wizard/website-wizard';
import { subscriptionQuery } from './sales.queries';

/**
 * After the free trial starts (spec 2.1): 'Welcome to Your SEO Toolbox!' and the domain-setup
 * wizard; its first website lands selected on the dashboard. 'Skip for now' goes straight there.
 */
export function AccountSetupScreen() {
  const navigate = useNavigate();
  const subscription = useQuery(subscriptionQuery);

  if (subscription.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const current = activeSubscription(subscription.data);
  if (subscription.isError || !current)
    return <Alert type="error" showIcon title="Your account could not be loaded. Please try again." />;
  const { plan_details, trial_ends_at } = current;
  return (
    <Card className="account-setup">
      <Typography.Title level={1} className="minimal-page-title">
        Welcome to Your SEO Toolbox!
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {plan_details.name}
        {trial_ends_at ? `, free until ${formatDate(trial_ends_at)}` : ''}. Add your website: we set it up and
        run its first SEO checkup.
      </Typography.Paragraph>
      <WebsiteWizard
        variant="account-setup"
        onSkip={() => {
          void recordSkipOnboarding();
          navigate('/dashboard', { replace: true });
        }}
        onFinished={(website) => {
          lastSelectedWebsite.set(website.guid);
          navigate(`/dashboard?w_guid=${website.guid}`, { replace: true });
        }}
      />
    </Card>
  );
}
