import {
  MESSAGES,
  type Plan,
  type PlanLimitKey,
  type PlanSettings,
  type SubscriptionStatus,
} from '@sitelens/contracts';
import type { QueryFn } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import type { BillingProviderKind } from '../../providers/billing/billing-provider';
import { defaultPlan, findPlan } from './catalogue';

/** The plan that governs a user or an organization right now. */
export interface EffectivePlan {
  plan: Plan | null;
  status: SubscriptionStatus | null;
  /** Start of the billing period that per-period limits (seo_analysis_limit) count from. */
  periodStartedAt: Date | null;
  /** The settings that apply: the plan's while it is active or canceled, nothing once it expired. */
  settings: PlanSettings | null;
}

const NOTHING: EffectivePlan = { plan: null, status: null, periodStartedAt: null, settings: null };

/** Readable names of each limit, for the message a caller sees when they reach it. */
const LIMIT_NOUNS: Record<PlanLimitKey, string> = {
  seo_analysis_limit: 'SEO checkups in this billing period',
  max_tracked_websites: 'tracked websites',
  max_keywords: 'tracked keywords',
  max_monitored_regions: 'monitoring regions',
  max_competitors: 'competitors per checkup',
  dp_max_domains: 'Deep Analysis domains',
  dp_max_urls: 'Deep Analysis monitored URLs',
  max_team_members: 'team members',
};

/** The text of a reached limit: 'Your plan allows up to {max} {noun}.'. */
export const planAllows = (max: number, noun: string) => `Your plan allows up to ${max} ${noun}.`;

export function limitReachedMessage(key: PlanLimitKey, max: number): string {
  return planAllows(max, LIMIT_NOUNS[key]);
}

/**
 * The one place that answers "may this organization do X?". Every module asks it, inside the
 * transaction that creates the thing, after locking the organization row (see `withinLimit`).
 */
export interface PlanLimits {
  ofOrganization(query: QueryFn, organizationId: string): Promise<EffectivePlan>;
  /** A user's plan: their organization's, or their own subscription's before the team exists. */
  ofUser(query: QueryFn, userId: string): Promise<EffectivePlan>;
  /** The numeric limit (0 or below: not included). */
  limit(query: QueryFn, organizationId: string, key: PlanLimitKey): Promise<number>;
  /**
   * Throws 403 'This feature is disabled…' when the setting is 0 or below, or the limit's text once
   * `used` reaches it. `field` names the request field the 403 is about (the error body's `fields`);
   * `message` replaces the limit's text where the spec words it.
   */
  requireBelow(
    query: QueryFn,
    organizationId: string,
    key: PlanLimitKey,
    used: number,
    options?: LimitErrorOptions,
  ): Promise<void>;
  /**
   * Locks the organization, counts with `count`, then throws when one more would pass the limit.
   * Call it inside the transaction that inserts the new row, so concurrent creates count one by one.
   */
  withinLimit(
    query: QueryFn,
    organizationId: string,
    key: PlanLimitKey,
    count: () => Promise<number>,
  ): Promise<void>;
  /** White-label reports: the plan's setting, or the user's override plan. */
  allowsWhiteLabel(query: QueryFn, organizationId: string, userId: string): Promise<boolean>;
}

export interface LimitErrorOptions {
  field?: string;
  message?: (max: number) => string;
}

interface SubscriptionRow {
  plan_code: string;
  status: SubscriptionStatus;
  current_period_started_at: Date | null;
}

export function createPlanLimits(options: {
  billing: BillingProviderKind;
  defaultPlanCode?: string;
}): PlanLimits {
  const fromSubscription = async (
    query: QueryFn,
    row: SubscriptionRow | undefined,
  ): Promise<EffectivePlan> => {
    if (!row) return NOTHING;
    const plan = (await findPlan(query, row.plan_code)) ?? null;
    return {
      plan,
      status: row.status,
      periodStartedAt: row.current_period_started_at,
      settings: plan && row.status !== 'expired' ? plan.settings : null,
    };
  };

  // A private install without billing: everyone is on the default plan, always active.
  const unbilled = async (query: QueryFn): Promise<EffectivePlan> => {
    const plan = (await defaultPlan(query, options.defaultPlanCode)) ?? null;
    return {
      plan,
      status: plan ? 'active' : null,
      periodStartedAt: startOfMonth(),
      settings: plan?.settings ?? null,
    };
  };

  const ofOrganization: PlanLimits['ofOrganization'] = async (query, organizationId) => {
    if (options.billing === 'none') return unbilled(query);
    const [row] = await query<SubscriptionRow>(
      `select s.plan_code, s.status, s.current_period_started_at
         from organizations o join subscriptions s on s.user_id = o.owner_id where o.id = $1`,
      [organizationId],
    );
    return fromSubscription(query, row);
  };

  const limit: PlanLimits['limit'] = async (query, organizationId, key) => {
    const settings = (await ofOrganization(query, organizationId)).settings;
    const value = Number(settings?.[key] ?? 0);
    return Number.isFinite(value) ? value : 0;
  };

  const requireBelow: PlanLimits['requireBelow'] = async (query, organizationId, key, used, options = {}) => {
    const refuse = (message: string) =>
      options.field ? fieldError('forbidden', options.field, message) : new AppError('forbidden', message);
    const max = await limit(query, organizationId, key);
    if (max <= 0) throw refuse(MESSAGES.featureNotInPlan);
    if (used >= max) throw refuse(options.message?.(max) ?? limitReachedMessage(key, max));
  };

  return {
    ofOrganization,
    async ofUser(query, userId) {
      if (options.billing === 'none') return unbilled(query);
      const [membership] = await query<{ organization_id: string }>(
        'select organization_id from memberships where user_id = $1',
        [userId],
      );
      if (membership) return ofOrganization(query, membership.organization_id);
      const [row] = await query<SubscriptionRow>(
        'select plan_code, status, current_period_started_at from subscriptions where user_id = $1',
        [userId],
      );
      return fromSubscription(query, row);
    },
    limit,
    requireBelow,
    async withinLimit(query, organizationId, key, count) {
      await query('select 1 from organizations where id = $1 for update', [organizationId]);
      await requireBelow(query, organizationId, key, await count());
    },
    async allowsWhiteLabel(query, organizationId, userId) {
      const settings = (await ofOrganization(query, organizationId)).settings;
      if (settings?.allow_white_label_reports) return true;
      const [user] = await query<{ override_plan_code: string | null }>(
        'select override_plan_code from users where id = $1',
        [userId],
      );
      if (!user?.override_plan_code) return false;
      return (await findPlan(query, user.override_plan_code))?.settings.allow_white_label_reports ?? false;
    },
  };
}

function startOfMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
