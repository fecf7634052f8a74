import type { ErrorCode } from '@relate/contracts';
import {
  accessToken,
  accessTokenDueForRefresh,
  clearSession,
  refreshToken,
  saveTokens,
} from './auth-storage';

export const API_BASE = '/api';

/**
 * The code of an ApiError: one of the contracts' ErrorCodes, Fastify's own `FST_…` codes, or what the
 * client says itself (an answer without a code, no network). Comparing with a code that does not exist
 * is a type error.
 */
export type ApiErrorCode = ErrorCode | `FST_${string}` | 'HTTP_ERROR' | 'NETWORK_ERROR';

/** An error answer of the API ({ error, code, details }) or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiResult<T> = { data: T; error: null } | { data: null; error: ApiError };

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** The Accept header (JSON unless said otherwise). */
  accept?: string;
  /** Called with the share of the body sent so far (0-1); the upload then goes through XHR. */
  onUploadProgress?: (fraction: number) => void;
}

/** Called when the session cannot be refreshed: the auth provider logs the user out. */
let onSessionExpired: () => void = () => {};
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

function buildUrl(path: string, query?: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown; details?: unknown; message?: unknown } | undefined;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const message =
    typeof body?.error === 'string'
      ? body.error
      : typeof body?.message === 'string'
        ? body.message
        : `HTTP error! status: ${response.status}`;
  return new ApiError(
    message,
    response.status,
    typeof body?.code === 'string' ? (body.code as ApiErrorCode) : 'HTTP_ERROR',
    body?.details,
  );
}

let refreshing: Promise<boolean> | undefined;

/** The Web Locks name under which one tab at a time refreshes the session shared by every tab. */
const REFRESH_LOCK = 'relate-token-refresh';

/** Runs `task` while holding the cross-tab refresh lock (Web Locks API), or at once without it. */
function withRefreshLock(task: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock's promise resolves with the task's promise: `then` flattens it for the type too.
  return locks ? locks.request(REFRESH_LOCK, task).then((refreshed) => refreshed) : task();
}

/**
 * Exchanges the stored refresh token for a new pair: one exchange at a time for every waiting call of
 * this tab, and one at a time across tabs (a Web Lock). The tokens live in localStorage, shared by every
 * tab: a tab that gets the lock after another tab refreshed finds a new access token stored instead of
 * the one that expired, and uses it without a refresh of its own (eight tabs waking at once make one).
 */
function refreshSession(expiredToken: string | null): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    const current = accessToken();
    if (current && current !== expiredToken) return true; // another tab has refreshed meanwhile
    const token = refreshToken();
    if (!token) return false;
    try {
      const response = await fetch(buildUrl('/auth/refresh'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) return false;
      const pair = (await response.json()) as {
        access_token: string;
        refresh_token?: string;
        expires_in?: number;
      };
      saveTokens(pair.access_token, pair.refresh_token, pair.expires_in);
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  const token = accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  if (options.onUploadProgress) return sendWithProgress(url, method, headers, body, options);
  return fetch(url, { method, headers, body, signal: options.signal });
}

/** fetch cannot report upload progress; XMLHttpRequest can. Answers with a Response all the same. */
function sendWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  options: RequestOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onUploadProgress?.(1);
    xhr.onload = () => {
      const contentType = xhr.getResponseHeader('content-type');
      const noBody = xhr.status === 204 || xhr.status === 304;
      resolve(
        new Response(noBody ? null : xhr.responseText, {
          status: xhr.status,
          headers: contentType ? { 'content-type': contentType } : {},
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/**
 * Sends, refreshing first when the access token is near its end (so that a page loaded after it
 * expired does not start with a 401). On a 401 whose error says the token expired it still refreshes
 * once and sends again (or logs out); a 401 saying the session ended logs out at once.
 */
async function sendAuthorized(path: string, options: RequestOptions): Promise<Response | ApiError> {
  if (accessTokenDueForRefresh()) await refreshSession(accessToken());
  const sentToken = accessToken();
  let response = await send(path, options);
  if (response.status === 401) {
    const error = await toApiError(response.clone());
    if (error.code === 'SESSION_ENDED') {
      // Signed out elsewhere, password changed, account rejected: a refresh cannot bring it back.
      clearSession();
      onSessionExpired();
      return error;
    }
    if (error.message.toLowerCase().includes('expired')) {
      if (await refreshSession(sentToken)) response = await send(path, options);
      else {
        clearSession();
        onSessionExpired();
        return error;
      }
    }
  }
  return response;
}

function networkError(cause: unknown): ApiError {
  if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
  const message = cause instanceof Error ? cause.message : 'Network error';
  return new ApiError(message, 0, 'NETWORK_ERROR');
}

/**
 * The one typed fetch wrapper (DESIGN.md): adds the Bearer token, refreshes once on a 401 whose
 * error says the token expired, and logs out when that refresh fails. Never throws.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  try {
    const response = await sendAuthorized(path, options);
    if (response instanceof ApiError) return { data: null, error: response };
    if (!response.ok) return { data: null, error: await toApiError(response) };
    const data = response.status === 204 ? (undefined as T) : ((await response.json()) as T);
    return { data, error: null };
  } catch (cause) {
    return { data: null, error: networkError(cause) };
  }
}

/**
 * A Server-Sent Events stream (EventSource cannot send the Bearer header): the response body as text,
 * with the same token refresh as `request`. Aborted through `options.signal`.
 */
export async function openEventStream(
  path: string,
  options: Pick<RequestOptions, 'signal'> = {},
): Promise<ApiResult<ReadableStream<string>>> {
  try {
    const response = await sendAuthorized(path, { ...options, accept: 'text/event-stream' });
    if (response instanceof ApiError) return { data: null, error: response };
    if (!response.ok || !response.body) return { data: null, error: await toApiError(response) };
    return { data: response.body.pipeThrough(new TextDecoderStream()), error: null };
  } catch (cause) {
    return { data: null, error: networkError(cause) };
  }
}

/** `request`, but throwing the ApiError: the form TanStack Query expects. */
export async function fetchJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const result = await request<T>(path, options);
  if (result.error) throw result.error;
  return result.data;
}
