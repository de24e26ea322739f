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
 * with 'Network error: ...'. Every POST carries an `Idempotency-Key`, and a POST identical to one
 * still running is not sent again (no double submit).
 */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (options.method !== 'POST') return call<T>(path, options);
  // A POST the same as one still running (a double click) is that one: it is sent once.
  const same = `${apiUrl(path, options.query)}\n${JSON.stringify(options.body ?? null)}`;
  const running = postsInFlight.get(same);
  if (running) return running as Promise<T>;
  // Its key goes with its retry after a refresh too: the server answers a repeat without redoing it.
  const sent = call<T>(path, { ...options, idempotencyKey: idempotencyKey() }).finally(() =>
    postsInFlight.delete(same),
  );
  postsInFlight.set(same, sent);
  return sent;
}

const postsInFlight = new Map<string, Promise<unknown>>();

/** 128 random bits in hex: `crypto.randomUUID` exists only on https or localhost pages. */
function idempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

async function call<T>(path: string, options: SendOptions): Promise<T> {
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

interface SendOptions extends RequestOptions {
  /** Sent as `Idempotency-Key` (server: http/idempotency.ts). */
  idempotencyKey?: string;
}

async function send(
  path: string,
  { method = 'GET', body, query, signal, idempotencyKey }: SendOptions,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
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
  if (error instanceof RequestError) {
    const [first] = fieldErrors(error);
    // A refused field reads "Keywords: Maximum 200 characters", not the wire's "keywords.0: …".
    if (error.status === 400 && first) return `${fieldLabel(first.field)}: ${first.message}`;
    return fieldOf(error.body) ?? `${error.message} ${error.status}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const ACRONYMS = new Set(['url', 'urls', 'id', 'ip', 'ai', 'llm', 'csv', 'pdf', 'seo', 'cvv']);

/** `body.site_url` → "Site URL", `keywords.0` → "Keywords": the field a person filled in. */
export function fieldLabel(field: string): string {
  const name =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part) && !['body', 'query', 'params'].includes(part))
      .at(-1) ?? field;
  const words = name.split(/[_\s-]+/).filter(Boolean);
  if (words.length === 0) return 'Request';
  return words
    .map((word, i) => {
      if (ACRONYMS.has(word.toLowerCase())) return word.toUpperCase().replace(/S$/, 's');
      return i === 0 ? word[0]!.toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
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
