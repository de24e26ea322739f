import { request } from '../../../api/client';

/** 'Skip for now' is recorded (spec 2.1); a failure to record it never holds the user back. */
export function recordSkipOnboarding(): Promise<void> {
  return request<void>('/events', {
    method: 'POST',
    body: { event_type: 'skip_onboarding', meta: {} },
  }).catch(() => undefined);
}
