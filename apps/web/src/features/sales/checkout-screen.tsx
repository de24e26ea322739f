import { MESSAGES, SALES_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PaymentForm } from './payment-form';
import { findPlan, PlanSummary } from './plan-summary';
import { plansQuery } from './sales.queries';
import { useSubscribe } from './use-subscribe';

export function CheckoutScreen() {
  const { planCode } = useParams();
  const plans = useQuery(plansQuery);
  const plan = findPlan(plans.data, planCode);
  const subscribe = useSubscribe(plan?.code, '/subscription/plans');

  if (plans.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (plans.isError || !plan)
    return (
      <Alert
        type="error"
        showIcon
        title={MESSAGES.somethingWentWrong}
        description={<Link to="/subscription/plans">Back to the plans</Link>}
      />
    );
  return (
    <div className="checkout-screen">
      <Typography.Title level={2}>Review &amp; Confirm your Plan</Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card>
            <PaymentForm
              submitLabel="Place order"
              onToken={subscribe}
              failureText={SALES_MESSAGES.createSubscriptionFailed}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <PlanSummary plan={plan} />
          <Typography.Paragraph type="secondary" className="promo-text">
            Your plan starts today and renews automatically. Change or cancel it any time from the plans page.
          </Typography.Paragraph>
        </Col>
      </Row>
    </div>
  );
}
