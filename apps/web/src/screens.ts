import { matchPath, type RouteObject } from 'react-router';

/** A screen of the spec's route table, loaded on demand (`lazy`) so each route is its own bundle. */
export interface Screen {
  path: string;
  /**
   * Public screens (sign-in and friends) send a signed-in visitor to /dashboard; guarded ones need a
   * session; open ones (a shared report) show the same page to anyone, outside the app's layout.
   */
  access: 'public' | 'guarded' | 'open';
  /** A real path to show the screen at, for screenshots (defaults to `path`). */
  example?: string;
  lazy: RouteObject['lazy'];
}

const signIn: RouteObject['lazy'] = async () => ({
  Component: (await import('./features/auth/sign-in-screen')).SignInScreen,
});

/**
 * The screens that exist. A screen is registered here in the same change that builds it; its
 * sidebar item then becomes a link and `npm run screenshots` takes its picture. Unregistered paths
 * show the 404 screen.
 */
export const SCREENS: Screen[] = [
  { path: '/', access: 'public', lazy: signIn },
  { path: '/auth', access: 'public', lazy: signIn },
  { path: '/auth/login', access: 'public', lazy: signIn },
  {
    path: '/auth/register',
    access: 'public',
    lazy: async () => ({ Component: (await import('./features/auth/register-screen')).RegisterScreen }),
  },
  {
    path: '/auth/forgot-password',
    access: 'public',
    lazy: async () => ({
      Component: (await import('./features/auth/forgot-password-screen')).ForgotPasswordScreen,
    }),
  },
  {
    path: '/reset-password/:id',
    access: 'public',
    example: '/reset-password/example-token',
    lazy: async () => ({
      Component: (await import('./features/auth/reset-password-screen')).ResetPasswordScreen,
    }),
  },
  {
    path: '/join-team/:token',
    access: 'public',
    example: '/join-team/example-token',
    lazy: async () => ({ Component: (await import('./features/auth/join-team-screen')).JoinTeamScreen }),
  },
  {
    path: '/confirm-notifications/:token',
    access: 'open',
    example: '/confirm-notifications/example-token',
    lazy: async () => ({
      Component: (await import('./features/monitoring/notification-confirm-screen'))
        .NotificationConfirmScreen,
    }),
  },
  {
    path: '/shared/report/:token',
    access: 'open',
    example: '/shared/report/example-token',
    lazy: async () => ({
      Component: (await import('./features/shared-report/shared-report-screen')).SharedReportScreen,
    }),
  },
  {
    path: '/dashboard',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/dashboard/dashboard-screen')).DashboardScreen,
    }),
  },
  {
    path: '/dashboard/settings/:section',
    access: 'guarded',
    example: '/dashboard/settings/competitors',
    lazy: async () => ({
      Component: (await import('./features/websites/settings/website-settings-screen')).WebsiteSettingsScreen,
    }),
  },
  {
    path: '/user/account/profile',
    access: 'guarded',
    lazy: async () => ({ Component: (await import('./features/account/account-screen')).AccountScreen }),
  },
  {
    path: '/user/team-members',
    access: 'guarded',
    lazy: async () => ({ Component: (await import('./features/team/team-screen')).TeamScreen }),
  },
  {
    path: '/free-trial-setup',
    access: 'guarded',
    lazy: async () => ({ Component: (await import('./features/sales/free-trial-screen')).FreeTrialScreen }),
  },
  {
    path: '/user/account/setup',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/sales/account-setup-screen')).AccountSetupScreen,
    }),
  },
  {
    path: '/subscription/plans',
    access: 'guarded',
    lazy: async () => ({ Component: (await import('./features/sales/plans-screen')).PlansScreen }),
  },
  {
    path: '/subscription/checkout/:planCode',
    access: 'guarded',
    example: '/subscription/checkout/pro-monthly',
    lazy: async () => ({ Component: (await import('./features/sales/checkout-screen')).CheckoutScreen }),
  },
  {
    path: '/user/account/billing',
    access: 'guarded',
    lazy: async () => ({ Component: (await import('./features/sales/billing-screen')).BillingScreen }),
  },
  {
    path: '/analysis',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/checkup/new-checkup-screen')).NewCheckupScreen,
    }),
  },
  {
    path: '/analysis/report',
    access: 'guarded',
    lazy: async () => ({ Component: (await import('./features/checkup/report-screen')).ReportScreen }),
  },
  {
    path: '/deep-analysis',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/deep-analysis/deep-analysis-screen')).DeepAnalysisScreen,
    }),
  },
  {
    path: '/deep-analysis/setup-domain',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/deep-analysis/setup-domain-screen')).SetupDomainScreen,
    }),
  },
  {
    path: '/deep-analysis/monitored-urls',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/deep-analysis/monitored-urls-screen')).MonitoredUrlsScreen,
    }),
  },
  {
    path: '/deep-analysis/page-group',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/deep-analysis/page-group-screen')).PageGroupScreen,
    }),
  },
  {
    path: '/deep-analysis/failed-check/:key',
    access: 'guarded',
    example: '/deep-analysis/failed-check/meta-description',
    lazy: async () => ({
      Component: (await import('./features/deep-analysis/failed-check-screen')).FailedCheckScreen,
    }),
  },
  {
    path: '/deep-analysis/report',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/deep-analysis/report-screen')).DeepReportScreen,
    }),
  },
  {
    path: '/ai-content-analysis',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/ai-analysis/content-analysis-screen')).ContentAnalysisScreen,
    }),
  },
  {
    path: '/llm-visibility-analysis',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/ai-analysis/visibility-analysis-screen')).VisibilityAnalysisScreen,
    }),
  },
  {
    path: '/backlinks',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/backlinks/backlinks-screen')).BacklinksScreen,
    }),
  },
  {
    path: '/top-keywords',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/keywords/top-keywords-screen')).TopKeywordsScreen,
    }),
  },
  {
    path: '/keyword-position',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/keyword-position/keyword-position-screen')).KeywordPositionScreen,
    }),
  },
  {
    path: '/keyword-research',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/keywords/keyword-research-screen')).KeywordResearchScreen,
    }),
  },
  {
    path: '/site-speed',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/monitoring/site-speed-screen')).SiteSpeedScreen,
    }),
  },
  {
    path: '/site-outage',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/monitoring/site-outage-screen')).SiteOutageScreen,
    }),
  },
  {
    path: '/broken-links',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/webmaster-tools/broken-links-screen')).BrokenLinksScreen,
    }),
  },
  {
    path: '/sitemap-generator',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/webmaster-tools/sitemap-generator-screen')).SitemapGeneratorScreen,
    }),
  },
  {
    path: '/white-label/reports',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/white-label/reports-screen')).WhiteLabelReportsScreen,
    }),
  },
  {
    path: '/white-label/templates',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/white-label/templates-screen')).TemplatesScreen,
    }),
  },
  {
    path: '/white-label/templates/:id',
    access: 'guarded',
    example: '/white-label/templates/new',
    lazy: async () => ({
      Component: (await import('./features/white-label/template-editor-screen')).TemplateEditorScreen,
    }),
  },
  {
    path: '/white-label/delivery',
    access: 'guarded',
    lazy: async () => ({
      Component: (await import('./features/white-label/delivery-screen')).WhiteLabelDeliveryScreen,
    }),
  },
];

export function isRouted(pathname: string): boolean {
  return SCREENS.some((screen) => matchPath(screen.path, pathname) !== null);
}
