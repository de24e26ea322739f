import { ACCEPTED_CARD_BRANDS, FREE_TRIAL_DAYS, REFUND_POLICY, SALES_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Tag, Typography } from 'antd';
import { Link, Navigate } from 'react-router';
import { appConfigQuery } from '../../api/app-config.queries';
import { useSession } from '../../session/session-context';
import { PaymentForm } from './payment-form';
import { findPlan, PlanSummary } from './plan-summary';
import { SELECTED_PLAN_KEY } from './plans-screen';
import { plansQuery } from './sales.queries';
import { useSubscribe } from './use-subscribe';

export function FreeTrialScreen() {
  const { session } = useSession();
  const plans = useQuery(plansQuery);
  const config = useQuery(appConfigQuery);
  // A plan chosen on the plans page wins; otherwise the default monthly plan.
  const saved = findPlan(plans.data, localStorage.getItem(SELECTED_PLAN_KEY) ?? undefined);
  const plan = saved ?? plans.data?.monthly.find((p) => p.settings.default) ?? plans.data?.monthly[0];
  const subscribe = useSubscribe(plan?.code, '/user/account/setup');

  if (session?.subscription.status === 'active' || session?.subscription.status === 'canceled')
    return <Navigate to="/dashboard" replace />;
  if (session?.subscription.status === 'expired')
    return (
      <Alert
        type="info"
        showIcon
        title="Your free trial was already used."
        description={<Link to="/subscription/plans">Choose a plan to continue</Link>}
      />
    );
  const contact = config.data?.contact_email;
  return (
    <div className="free-trial-screen">
      <Typography.Title level={1} className="minimal-page-title">
        {FREE_TRIAL_DAYS}-Day Full Service Free Trial
      </Typography.Title>
      <Typography.Paragraph className="promo-text">
        Every feature of your plan for {FREE_TRIAL_DAYS} days. Nothing is charged today; your first payment is
        on the day the trial ends, and you can cancel before then.
      </Typography.Paragraph>
      {plans.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : plans.isError || !plan ? (
        <Alert type="error" showIcon title="The plans could not be loaded. Please try again." />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <Card>
              <PaymentForm
                submitLabel="Start free trial"
                onToken={subscribe}
                failureText={SALES_MESSAGES.createSubscriptionFailed}
              />
              <div className="accepted-cards">
                <Typography.Text type="secondary">We accept </Typography.Text>
                {ACCEPTED_CARD_BRANDS.map((brand) => (
                  <Tag key={brand}>{brand}</Tag>
                ))}
              </div>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <PlanSummary plan={plan} />
            <Typography.Paragraph type="secondary" className="refund-text">
              Refunds: within {REFUND_POLICY.monthly} of a payment for monthly plans, and within{' '}
              {REFUND_POLICY.yearly} for yearly plans.
            </Typography.Paragraph>
            {contact && (
              <Typography.Paragraph type="secondary">
                Need more time to decide? Write to <a href={`mailto:${contact}`}>{contact}</a> to extend your
                trial.
              </Typography.Paragraph>
            )}
          </Col>
        </Row>
      )}
    </div>
  );
}
