import { MESSAGES } from '@sitelens/contracts';
import { tokenStore } from './token-store';

/** A rejected call: the spec's text, the HTTP status, and the body the server sent, if any. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(MESSAGES.requestFailed);
    this.name = 'RequestError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Sign-in calls answer 401 for a wrong password: no refresh, the 401 is the answer. */
  refreshOn401?: boolean;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {};

/** Called when a refresh fails: the app clears every cache and signs the user out. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

const REFRESH_PATH = '/auth/refresh';

/**
 * The one HTTP client, with the spec's transport rules: 200/201 (and 202 to a call that starts
 * work) → the JSON body; 204 → nothing;
 * 409 → rejects with the Response itself; 401 → refresh once and retry; any other status →
 * rejects with 'ERROR: Cannot perform this request!' and the status; a network failure → rejects
 * with 'Network error: ...'.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 401 && path !== REFRESH_PATH && options.refreshOn401 !== false) {
    if (await refreshSession()) return settle<T>(await send(path, options), options.method);
    onSessionExpired();
  }
  return settle<T>(response, options.method);
}

/** A binary answer (an icon, a PDF) as a Blob, with the same session handling as `request`. */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  let response = await send(path, options);
  if (response.status === 401 && (await refreshSession())) response = await send(path, options);
  if (!response.ok) throw new RequestError(response.status, await readBody(response));
  return response.blob();
}

async function send(
  path: string,
  { method = 'GET', body, query, signal }: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error(`${MESSAGES.networkError} ${(error as Error).message}`);
  }
}

async function settle<T>(response: Response, method: RequestOptions['method'] = 'GET'): Promise<T> {
  if (response.status === 200 || response.status === 201) return (await response.json()) as T;
  // A call that starts work answers 202 Accepted with its body; on a read, 202 means "not ready yet".
  if (response.status === 202 && method !== 'GET') return (await response.json()) as T;
  if (response.status === 204) return undefined as T;
  if (response.status === 409) throw response;
  throw new RequestError(response.status, await readBody(response));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s wait for the same answer instead of rotating the token twice. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetch(apiUrl(REFRESH_PATH), {
        method: 'POST',
        headers: { accept: 'application/json' },
        credentials: 'include',
      });
      if (response.status !== 200 && response.status !== 201) return false;
      const { access_token } = (await response.json()) as { access_token?: string };
      if (!access_token) return false;
      tokenStore.set(access_token);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function apiUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The text to show for a failed call: the server's `error` field when the answer has one (the
 * spec's rule), else the rejection's own message.
 */
export async function errorText(error: unknown): Promise<string> {
  if (error instanceof Response) {
    const body = await readBody(error.clone());
    return fieldOf(body) ?? `${MESSAGES.requestFailed} ${error.status}`;
  }
  if (error instanceof RequestError) return fieldOf(error.body) ?? `${error.message} ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

function fieldOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
    return body.error;
  return undefined;
}

/**
 * The fields a 400 or 403 answer names (`fields: [{ field, message }]`), to show each on its input.
 * The server may repeat the field's name before the message (`competitors: …`); a form shows the
 * message alone, so that prefix is dropped.
 */
export function fieldErrors(error: unknown): { field: string; message: string }[] {
  const body = error instanceof RequestError ? error.body : null;
  if (!body || typeof body !== 'object' || !('fields' in body) || !Array.isArray(body.fields)) return [];
  return body.fields
    .filter(
      (f): f is { field: string; message: string } =>
        typeof f?.field === 'string' && typeof f?.message === 'string',
    )
    .map((f) => ({ field: f.field, message: f.message.replace(/^[\w.]+: /, '') }));
}

/**
 * The server's message about `field` in a 400 or 403 answer, or null when the answer names no such
 * field. The server may name it nested (`settings.competitors`, `competitors.0`).
 */
export function fieldProblem(error: unknown, field: string): string | null {
  return fieldErrors(error).find((f) => f.field.split('.').includes(field))?.message ?? null;
}
