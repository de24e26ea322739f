import { isRouted } from '../../screens';
import type { Session } from '../../session/session-context';

/**
 * Where a fresh session goes: the dashboard with a plan, the free-trial setup without one. Until
 * the free-trial screen exists, everyone goes to the dashboard.
 */
export function afterSignInPath(session: Session): string {
  const hasPlan = typeof session.subscription.plan_code === 'string';
  return hasPlan || !isRouted('/free-trial-setup') ? '/dashboard' : '/free-trial-setup';
}
