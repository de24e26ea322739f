import { describe, expect, it } from 'vitest';
import { activeNavKey } from './navigation';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard/settings/keywords', 'Website settings'],
    ['/dashboard/settings/notifications', 'Uptime Notifications'],
    ['/dashboard/settings/remove-url', 'Remove Domain/Website'],
    ['/deep-analysis/failed-check/meta-title', 'Failed check'],
    ['/analysis/report', 'SEO Checkup report'],
    ['/white-label/templates/42', 'Edit report template'],
    ['/subscription/checkout/professional-monthly', 'Checkout'],
    ['/', 'Sign in'],
    ['/analysis/', 'SEO Checkup'],
    ['/nope', 'Page not found'],
  ])('%s is titled %s', (path, title) => expect(pageTitle(path)).toBe(title));
});

describe('activeNavKey', () => {
  it.each([
    ['/analysis/report', 'analysis'],
    ['/deep-analysis/report', 'deep-analysis'],
    ['/white-label/templates/3', 'white-label'],
    ['/user/account/profile', undefined],
  ])('%s highlights %s', (path, key) => expect(activeNavKey(path)).toBe(key));
});
