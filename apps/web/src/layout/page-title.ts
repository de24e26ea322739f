/** Page titles by path; the longest matching pattern wins. `:x` matches one path segment. */
const TITLES: [pattern: string, title: string][] = [
  ['/dashboard', 'Dashboard'],
  // The two sections the spec titles; the other sections share the generic title.
  ['/dashboard/settings/notifications', 'Uptime Notifications'],
  ['/dashboard/settings/remove-url', 'Remove Domain/Website'],
  ['/dashboard/settings/:section', 'Website settings'],
  ['/deep-analysis', 'Deep Analysis'],
  ['/deep-analysis/setup-domain', 'Set up a domain'],
  ['/deep-analysis/monitored-urls', 'Monitored URLs'],
  ['/deep-analysis/page-group', 'Page group'],
  ['/deep-analysis/failed-check/:key', 'Failed check'],
  ['/deep-analysis/report', 'Deep Analysis report'],
  ['/ai-content-analysis', 'AI Content Analysis'],
  ['/llm-visibility-analysis', 'LLM Visibility Analysis'],
  ['/analysis', 'SEO Checkup'],
  ['/analysis/report', 'SEO Checkup report'],
  ['/backlinks', 'Backlinks'],
  ['/top-keywords', 'Top Keywords'],
  ['/keyword-position', 'Keyword Position Tracker'],
  ['/keyword-research', 'Keyword Research'],
  ['/broken-links', 'Broken Links'],
  ['/site-speed', 'Site Speed'],
  ['/site-outage', 'Site Outage'],
  ['/sitemap-generator', 'Sitemap Generator'],
  ['/white-label/reports', 'White Label Reports'],
  ['/white-label/templates', 'Report templates'],
  ['/white-label/templates/:id', 'Edit report template'],
  ['/white-label/delivery', 'Report delivery'],
  ['/user/account/profile', 'My account'],
  ['/user/account/billing', 'Billing'],
  ['/user/account/setup', 'Account setup'],
  ['/user/team-members', 'Team Members'],
  ['/subscription/plans', 'Subscription plans'],
  ['/subscription/checkout/:plan', 'Checkout'],
  ['/free-trial-setup', 'Free trial'],
  ['/', 'Sign in'],
  ['/auth', 'Sign in'],
  ['/auth/login', 'Sign in'],
  ['/auth/register', 'Create an account'],
  ['/auth/forgot-password', 'Forgot password'],
  ['/reset-password/:token', 'Reset password'],
  ['/join-team/:token', 'Join your team'],
];

export const NOT_FOUND_TITLE = 'Page not found';

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || pathname === '') return pattern === '/';
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/** The title of the screen at `pathname`, or the 404 title for a path the product does not have. */
export function pageTitle(pathname: string): string {
  return TITLES.find(([pattern]) => matches(pattern, pathname))?.[1] ?? NOT_FOUND_TITLE;
}
