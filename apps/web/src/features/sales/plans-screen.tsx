import { CheckOutlined } from '@ant-design/icons';
import {
  type ActiveSubscription,
  activeSubscription,
  type BillingPeriod,
  formatCents,
  monthlyPriceCents,
  type Plan,
  SALES_MESSAGES,
  YEARLY_DISCOUNT_PERCENT,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Modal, Row, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import { plansQuery, salesKey, subscriptionQuery } from './sales.queries';
import { InvoiceList, SubscriptionStatus } from './subscription-panel';
import { useCancelSubscription } from './use-cancel-subscription';

export const SELECTED_PLAN_KEY = 'sitelens:selected-plan';

export function PlansScreen() {
  const plans = useQuery(plansQuery);
  const subscription = useQuery(subscriptionQuery);
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const current = activeSubscription(subscription.data);

  return (
    <div className="plans-screen">
      <div className="plans-heading">
        <Typography.Title level={2}>Select your plan</Typography.Title>
        <Segmented<BillingPeriod>
          value={period}
          onChange={setPeriod}
          options={[
            { label: 'Monthly', value: 'monthly' },
            { label: `Yearly (save ${YEARLY_DISCOUNT_PERCENT}%)`, value: 'yearly' },
          ]}
        />
      </div>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={17}>
          {plans.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : plans.isError ? (
            <Alert type="error" showIcon title="The plans could not be loaded. Please try again." />
          ) : (
            <Row gutter={[16, 16]}>
              {plans.data[period].map((plan, index) => (
                <Col xs={24} md={8} key={plan.code}>
                  <PlanCard plan={plan} best={index === 1} current={current} />
                </Col>
              ))}
            </Row>
          )}
        </Col>
        <Col xs={24} xl={7}>
          <SidePanel current={current} loading={subscription.isPending} failed={subscription.isError} />
        </Col>
      </Row>
    </div>
  );
}

function PlanCard({
  plan,
  best,
  current,
}: {
  plan: Plan;
  best: boolean;
  current: ActiveSubscription | null;
}) {
  const card = (
    <Card
      className={`plan-card${current?.plan_code === plan.code ? ' plan-card-current' : ''}`}
      data-testid={`plan-${plan.code}`}
    >
      <Typography.Title level={4}>{plan.name}</Typography.Title>
      <div className="plan-price">
        {formatCents(monthlyPriceCents(plan))}
        <span className="plan-price-unit"> /month</span>
      </div>
      <Typography.Text type="secondary" className="plan-discount">
        {plan.billing_period === 'yearly'
          ? `${YEARLY_DISCOUNT_PERCENT}% discount: ${formatCents(plan.price_in_cents)} a year`
          : 'Billed monthly, cancel any time'}
      </Typography.Text>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckOutlined /> {feature}
          </li>
        ))}
      </ul>
      <PlanAction plan={plan} current={current} />
    </Card>
  );
  return best ? (
    <Badge.Ribbon text="BEST CHOICE" color="gold">
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}

/** Current plan: Cancel (or Resume once canceled); other plans: Update; without a running subscription: checkout. */
function PlanAction({ plan, current }: { plan: Plan; current: ActiveSubscription | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { refreshClaims } = useSession();
  const cancel = useCancelSubscription();
  const update = useMutation({
    mutationFn: () => request('/subscription', { method: 'PATCH', body: { plan_code: plan.code } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: salesKey });
      await refreshClaims();
      toast.success(`Your plan is now ${plan.name} (${plan.billing_period}).`);
    },
    onError: () => toast.error(SALES_MESSAGES.updateSubscriptionFailed),
  });

  const running = current && current.status !== 'expired' ? current : null;
  if (!running)
    return (
      <Button
        type="primary"
        block
        onClick={() => {
          localStorage.setItem(SELECTED_PLAN_KEY, plan.code);
          navigate(`/subscription/checkout/${plan.code}`);
        }}
      >
        Choose {plan.name}
      </Button>
    );
  if (running.plan_code === plan.code)
    return running.status === 'canceled' ? (
      <Button block loading={update.isPending} onClick={() => update.mutate()}>
        Resume
      </Button>
    ) : (
      <>
        <Button block danger onClick={cancel.open}>
          Cancel
        </Button>
        {cancel.dialog}
      </>
    );
  return (
    <Button
      type="primary"
      block
      loading={update.isPending}
      onClick={() =>
        Modal.confirm({
          title: `Switch to ${plan.name} (${plan.billing_period})?`,
          content:
            'The new plan applies at once. A dearer plan is charged for the rest of the current period.',
          okText: 'Update',
          onOk: () => update.mutateAsync(),
        })
      }
    >
      Update
    </Button>
  );
}

function SidePanel({
  current,
  loading,
  failed,
}: {
  current: ActiveSubscription | null;
  loading: boolean;
  failed: boolean;
}) {
  const cancel = useCancelSubscription();
  return (
    <Card title="Your subscription" className="side-panel">
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : failed ? (
        <Alert type="error" showIcon title="The subscription could not be loaded." />
      ) : current ? (
        <SubscriptionStatus
          subscription={current}
          onCancel={current.status === 'active' ? cancel.open : undefined}
        />
      ) : (
        <Typography.Text type="secondary">You have no subscription yet.</Typography.Text>
      )}
      {current && current.status !== 'expired' && !current.plan_code.includes('professional') && (
        <Alert
          className="upgrade-prompt"
          type="info"
          title="Need more checkups, domains or team seats? Upgrade your plan."
        />
      )}
      <Typography.Title level={5} className="side-panel-heading">
        Invoices
      </Typography.Title>
      <InvoiceList />
      {cancel.dialog}
    </Card>
  );
}
