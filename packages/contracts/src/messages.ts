/** Texts of the transport rules and the shared error catalogue (accounts spec, sections 7 and 8). */
export const MESSAGES = {
  requestFailed: 'ERROR: Cannot perform this request!',
  networkError: 'Network error:',
  featureNotInPlan: 'This feature is disabled for your current plan!',
  somethingWentWrong: 'Something went wrong. Please try again',
} as const;

/** Toasts: bottom left, 5 seconds. */
export const TOAST = { placement: 'bottomLeft', durationSeconds: 5 } as const;

/** How long API answers stay cached: 7200 s, and 28800 s for the sales service. */
export const CACHE_SECONDS = { default: 7_200, sales: 28_800 } as const;
