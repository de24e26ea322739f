import { type ActiveSubscription, ActiveSubscriptionSchema } from '@sitelens/contracts';

/** A Pro monthly subscription as `GET /api/subscription` answers it, checked against the shared schema. */
export function proSubscription(overrides: Partial<ActiveSubscription> = {}): ActiveSubscription {
  return ActiveSubscriptionSchema.parse({
    status: 'active',
    plan_code: 'pro-monthly',
    plan_details: {
      name: 'Pro',
      code: 'pro-monthly',
      price_in_cents: 5999,
      interval_unit: 'months',
      interval_length: 1,
    },
    plan_settings: {
      seo_analysis_limit: 100,
      max_tracked_websites: 10,
      max_keywords: 500,
      max_monitored_regions: 3,
      max_competitors: 3,
      dp_max_domains: 3,
      dp_max_urls: 1000,
      max_team_members: 5,
      allow_white_label_reports: true,
      legacy: false,
      default: true,
    },
    current_period_ends_at: null,
    trial_ends_at: null,
    is_legacy_paypal: false,
    provider: 'sandbox',
    ...overrides,
  });
}
