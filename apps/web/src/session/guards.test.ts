import { describe, expect, it } from 'vitest';
import { subscriptionRedirect } from './guards';
import type { Session } from './session-context';

type Status = 'active' | 'canceled' | 'expired' | 'none';

function sessionOf(role: 'owner' | 'member' | null, status: Status): Session {
  return {
    guid: 'u',
    email: 'ada@example.test',
    f_name: 'Ada',
    l_name: 'Lovelace',
    org_role: role,
    o_guid: role ? 'org' : null,
    subscription: status === 'none' ? {} : { plan_code: 'pro-monthly', status },
    plan_name: null,
    is_legacy_paypal: false,
    team: null,
  };
}

const PAGES = [
  '/dashboard',
  '/analysis',
  '/user/team-members',
  '/user/account/setup',
  '/subscription/plans',
  '/subscription/checkout/pro-monthly',
  '/user/account/profile',
  '/user/account/billing',
  '/free-trial-setup',
];
const OPEN_WHEN_EXPIRED = new Set([
  '/subscription/plans',
  '/subscription/checkout/pro-monthly',
  '/user/account/profile',
  '/user/account/billing',
  '/free-trial-setup',
]);

// The spec's guard, as a matrix: owner, member and a user with no team × each subscription state × each page.
describe('the subscription guard', () => {
  for (const role of ['owner', 'member', null] as const) {
    for (const status of ['active', 'canceled', 'expired', 'none'] as const) {
      for (const page of PAGES) {
        const expected =
          status === 'none'
            ? page === '/free-trial-setup'
              ? null
              : '/free-trial-setup'
            : status === 'expired' && !OPEN_WHEN_EXPIRED.has(page)
              ? role === 'member'
                ? '/user/account/profile'
                : '/subscription/plans'
              : null;
        it(`${role ?? 'no team'} · ${status} · ${page} → ${expected ?? 'allowed'}`, () => {
          expect(subscriptionRedirect(sessionOf(role, status), page)).toBe(expected);
        });
      }
    }
  }
});
