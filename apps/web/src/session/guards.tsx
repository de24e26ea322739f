import { Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type Session, useSession } from './session-context';

function Waiting() {
  return <Spin size="large" className="page-loading" aria-label="Loading" />;
}

/** Guarded routes need a session; without one the visitor goes to /auth/login. */
export function RequireSession() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Waiting />;
  if (status === 'anonymous')
    return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** A visitor with a session who opens an auth route goes to /dashboard. */
export function PublicOnly() {
  const { status } = useSession();
  if (status === 'loading') return <Waiting />;
  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Pages an expired subscription still opens (the spec's list; checkout pages by prefix). */
const OPEN_WHEN_EXPIRED = [
  '/subscription/plans',
  '/user/account/profile',
  '/user/account/billing',
  '/auth/logout',
  '/auth/login',
  '/free-trial-setup',
];
const FREE_TRIAL = '/free-trial-setup';

/**
 * Where the subscription guard sends a signed-in user who asks for `pathname`, or null to let
 * them in. No plan yet: the free trial. Expired: the owner (or a user without a team) to the
 * plans, a member to their profile.
 */
export function subscriptionRedirect(session: Session, pathname: string): string | null {
  const { subscription } = session;
  if (!subscription.plan_code) return pathname === FREE_TRIAL ? null : FREE_TRIAL;
  if (subscription.status !== 'expired') return null;
  if (OPEN_WHEN_EXPIRED.includes(pathname) || pathname.startsWith('/subscription/checkout/')) return null;
  const isMember = session.org_role === 'member' && session.o_guid !== null;
  return isMember ? '/user/account/profile' : '/subscription/plans';
}

export function RequireSubscription() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const target = session ? subscriptionRedirect(session, pathname) : null;
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
