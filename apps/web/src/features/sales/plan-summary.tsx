import { formatCents, monthlyPriceCents, type Plan, YEARLY_DISCOUNT_PERCENT } from '@sitelens/contracts';
import { Card, Typography } from 'antd';

/** The chosen plan beside a payment form: name, price, what it includes. */
export function PlanSummary({ plan }: { plan: Plan }) {
  const yearly = plan.billing_period === 'yearly';
  return (
    <Card className="plan-summary" title="Your plan">
      <Typography.Title level={4} className="plan-summary-name">
        {plan.name} <span className="plan-summary-period">({plan.billing_period})</span>
      </Typography.Title>
      <div className="plan-price">
        {formatCents(monthlyPriceCents(plan))}
        <span className="plan-price-unit"> /month</span>
      </div>
      <Typography.Text type="secondary">
        {yearly
          ? `${formatCents(plan.price_in_cents)} billed yearly: you save ${YEARLY_DISCOUNT_PERCENT}%.`
          : `${formatCents(plan.price_in_cents)} billed monthly.`}
      </Typography.Text>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </Card>
  );
}

/** Finds a plan by code in both lists. */
export function findPlan(plans: { monthly: Plan[]; yearly: Plan[] } | undefined, code: string | undefined) {
  return plans && code ? [...plans.monthly, ...plans.yearly].find((plan) => plan.code === code) : undefined;
}
