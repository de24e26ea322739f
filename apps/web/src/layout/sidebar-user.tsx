import { activeSubscription } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { appConfigQuery } from '../api/app-config.queries';
import { subscriptionQuery } from '../features/sales/sales.queries';
import { trialUntilText } from '../features/sales/trial';
import type { Session } from '../session/session-context';

/** Owner or user with no team: e-mail, plan and 'See all plans'. Team member: team name and owner. */
export function SidebarUser({ session }: { session: Session }) {
  const isMember = session.org_role === 'member' && session.team !== null;
  const billingEnabled = useQuery(appConfigQuery).data?.billing_provider !== 'none';
  // The same subscription answer the billing screen reads; it tells whether the trial still runs.
  const subscription = useQuery({
    ...subscriptionQuery,
    enabled: !isMember && typeof session.subscription.plan_code === 'string',
  });
  const trial = trialUntilText(activeSubscription(subscription.data));
  return (
    <div className="sidebar-user" data-testid="sidebar-user">
      {isMember ? (
        <>
          <Typography.Text className="sidebar-user-strong">{session.team!.name}</Typography.Text>
          <Typography.Text className="sidebar-user-muted">Owner: {session.team!.owner}</Typography.Text>
        </>
      ) : (
        <>
          <Typography.Text className="sidebar-user-strong" ellipsis>
            {session.email}
          </Typography.Text>
          {session.plan_name && (
            <Typography.Text className="sidebar-user-muted">{session.plan_name}</Typography.Text>
          )}
          {trial && (
            <Typography.Text className="sidebar-user-muted" data-testid="sidebar-trial">
              {trial}
            </Typography.Text>
          )}
          {billingEnabled && <Link to="/subscription/plans">See all plans</Link>}
        </>
      )}
    </div>
  );
}
