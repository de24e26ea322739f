import type { QueryFn } from '../../db/client';
import type { PlanSettings } from '../../db/schema/accounts';

/**
 * The one place that reads an organization's plan settings. Today it reads the settings the
 * organization has been given; the billing module will back it with the subscribed plan.
 */
export async function planSettingsOf(query: QueryFn, organizationId: string): Promise<PlanSettings> {
  const [row] = await query<{ plan_settings: PlanSettings | null }>(
    'select plan_settings from organizations where id = $1',
    [organizationId],
  );
  return row?.plan_settings ?? {};
}

/** Team size allowed by the plan; zero or below means the team feature is not included. */
export async function maxTeamMembers(query: QueryFn, organizationId: string): Promise<number> {
  const value = Number((await planSettingsOf(query, organizationId)).max_team_members ?? 0);
  return Number.isFinite(value) ? value : 0;
}
