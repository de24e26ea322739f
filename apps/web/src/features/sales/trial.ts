import { type ActiveSubscription, formatDate } from '@sitelens/contracts';

/** The user is in trial while trial_ends_at lies in the future (spec, free trial). */
export function inTrial(subscription: ActiveSubscription, now = Date.now()): boolean {
  return subscription.trial_ends_at !== null && Date.parse(subscription.trial_ends_at) > now;
}

/** What the sidebar says during the trial, e.g. 'Trial until Dec 08, 2026'; null outside it. */
export function trialUntilText(subscription: ActiveSubscription | null, now = Date.now()): string | null {
  if (!subscription?.trial_ends_at || !inTrial(subscription, now)) return null;
  return `Trial until ${formatDate(subscription.trial_ends_at)}`;
}
