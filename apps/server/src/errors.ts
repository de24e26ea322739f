/** Application error codes and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** No keyword and backlink data provider is configured on this server. */
  data_source_not_configured: 503,
  /** The organization's monthly data budget is spent. */
  data_budget_spent: 429,
  /** The data provider failed to answer (its outage, or the operator's credentials or funds). */
  data_source_failed: 502,
  /** No language model is configured on this server. */
  llm_not_configured: 503,
  /** The organization's monthly language model tokens are used up. */
  llm_budget_spent: 429,
  /** Google Search Console (an OAuth client or a service account) is not configured on this server. */
  search_console_not_configured: 503,
  /** Google refused or did not answer a Search Console call. */
  search_console_failed: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An expected failure of a request: the message is shown to the user as is, so write it for them.
 * Anything else thrown in a handler becomes a 500 whose text never leaves the server.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
    /** The field the message is about, so a form can show it there. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** An AppError about one field of the request: the body's `fields` names it for the form. */
export function fieldError(code: ErrorCode, field: string, message: string): AppError {
  return new AppError(code, message, {}, field);
}
