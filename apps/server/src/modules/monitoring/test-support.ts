import { type Account, addWebsite, createTestApp, type TestApp, teamAccount } from '../../test/app';

/** A plan with room for a few websites monitored from up to three regions. */
export const MONITORING_PLAN = { max_tracked_websites: 5, max_monitored_regions: 3, max_competitors: 1 };

/** A test app with a team member and one website monitored from us-east-1 and eu-west-1. */
export async function monitoredWebsite(
  domain: string,
  homepageUrl: string,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; account: Account; websiteId: string }> {
  const t = await createTestApp(env);
  const account = await teamAccount(t, MONITORING_PLAN);
  const { guid } = await addWebsite(t.app, account, {
    domain,
    homepage_url: homepageUrl,
    settings: { regions: ['us-east-1', 'eu-west-1'] },
  });
  return { t, account, websiteId: guid };
}
