import type { Session } from '../../session/session-context';

/** Where a fresh session goes: the dashboard with a plan, the free-trial setup without one. */
export function afterSignInPath(session: Session): string {
  return session.subscription.plan_code ? '/dashboard' : '/free-trial-setup';
}
