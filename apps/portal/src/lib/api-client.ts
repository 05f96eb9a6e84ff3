import { apiErrorSchema } from '@lynk/contract/errors';
import { CSRF_HEADER, CSRF_HEADER_VALUE, ORG_HEADER } from '@lynk/contract/session';
import { z } from 'zod/mini';
import { STEP_UP_REQUIRED } from '@lynk/contract/step-up';
import { organizationFromLocation } from './location-org';
import { requestStepUp } from './step-up';

/**
 * The one way the portal talks to the server. Same origin, the session travels in an HttpOnly
 * cookie (the browser never holds a token), unsafe methods carry the CSRF header, and every
 * response is parsed with the contract schema of its endpoint.
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Codes the client itself produces (the server's codes come from its `{ code, message }` body). */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  http: 'HTTP_ERROR',
} as const;

export class ApiRequestError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(init: { status: number; code: string; message: string; details?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** Another tab moved the session to another organization; the auth guard re-authorizes. */
export function isOrgMismatch(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409 && error.code === 'ORG_MISMATCH';
}

/** The server wants the user to prove who they are again before this call (ADR 030). */
function isStepUpRequired(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 403 && error.code === STEP_UP_REQUIRED;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 401;
}

/** The session ended, or moved to another organization: the auth guard has to act on it. */
export function isSessionLost(error: unknown): boolean {
  return isUnauthorized(error) || isOrgMismatch(error);
}

/**
 * Spec section 7 answers some failed reads with a neutral value (an empty list, a balance of 0).
 * A lost session and an abort still surface: the first must reach the auth guard, the second is
 * not a failure at all.
 */
export async function fallbackOnFailure<T>(
  load: () => Promise<T>,
  fallback: T,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (signal?.aborted || isSessionLost(error)) throw error;
    return fallback;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Appended as a query string; `null` and `undefined` values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
}

export interface RequestWithBodyOptions extends RequestOptions {
  body?: unknown;
  /** Set on the call made again after a step-up: a second refusal is not asked about again. */
  afterStepUp?: boolean;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toRequestError(status: number, statusText: string, body: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiRequestError({ status, ...parsed.data });
  }
  return new ApiRequestError({
    status,
    code: CLIENT_ERROR_CODES.http,
    message: statusText || `Request failed with status ${status}`,
    details: body,
  });
}

/**
 * Sends a request with what every call carries (the page's organisation, the CSRF header on unsafe
 * methods, the session cookie); answers the response, or throws a network failure as an
 * ApiRequestError (an abort is rethrown as it is: it is not a failure of the server).
 */
async function send(
  method: HttpMethod,
  path: string,
  accept: string,
  options: RequestWithBodyOptions,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const pageOrg = organizationFromLocation(window.location.pathname, window.location.search);
  if (pageOrg) headers[ORG_HEADER] = pageOrg;
  if (UNSAFE_METHODS.has(method)) headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  const init: RequestInit = { method, credentials: 'same-origin', headers };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  try {
    return await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    // An abort is not a failure of the server: let callers (TanStack Query) see it as it is.
    if (options.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError'))
      throw error;
    throw new ApiRequestError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: 'The server could not be reached.',
      cause: error,
    });
  }
}

async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  schema: z.core.$ZodType<T>,
  options: RequestWithBodyOptions = {},
): Promise<T> {
  const response = await send(method, path, 'application/json', options);
  const body = await readJson(response);
  if (!response.ok) {
    const error = toRequestError(response.status, response.statusText, body);
    // Money leaving needs a recent second factor (ADR 030): confirm, then make the same call again
    // (same body, same Idempotency-Key). Cancelled, the call fails with the server's message.
    if (isStepUpRequired(error) && !options.afterStepUp) {
      await requestStepUp().catch(() => {
        throw error;
      });
      return apiRequest(method, path, schema, { ...options, afterStepUp: true });
    }
    throw error;
  }

  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: `Unexpected response from ${path}`,
      details: parsed.error.issues,
    });
  }
  return parsed.data;
}

/**
 * GET of a file the server sends as it is (a QR code's PNG) rather than as JSON, with the same
 * headers and the same `{ code, message }` errors as every other call.
 */
async function apiGetBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send('GET', path, '*/*', options);
  if (!response.ok) throw toRequestError(response.status, response.statusText, await readJson(response));
  return response.blob();
}

export const apiClient = {
  get: <T>(path: string, schema: z.core.$ZodType<T>, options?: RequestOptions) =>
    apiRequest('GET', path, schema, options),
  post: <T>(path: string, schema: z.core.$ZodType<T>, options?: RequestWithBodyOptions) =>
    apiRequest('POST', path, schema, options),
  put: <T>(path: string, schema: z.core.$ZodType<T>, options?: RequestWithBodyOptions) =>
    apiRequest('PUT', path, schema, options),
  patch: <T>(path: string, schema: z.core.$ZodType<T>, options?: RequestWithBodyOptions) =>
    apiRequest('PATCH', path, schema, options),
  delete: <T>(path: string, schema: z.core.$ZodType<T>, options?: RequestWithBodyOptions) =>
    apiRequest('DELETE', path, schema, options),
  getBlob: apiGetBlob,
};
