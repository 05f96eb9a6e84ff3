import { vi } from 'vitest';

/** One canned answer of the fake server. */
export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/** A function route may answer later (a promise), to hold a request pending; throwing is a network failure. */
export type FakeRoutes = Record<
  string,
  FakeResponse | ((request: Request) => FakeResponse | Promise<FakeResponse>)
>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: string | undefined;
}

/**
 * Replaces `fetch` with a small in-memory server: routes are keyed "METHOD /path" (the path with
 * its query string, or without it as a fallback). Unknown routes answer 404 in the API's error shape.
 */
export function installFakeFetch(routes: FakeRoutes) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    requests.push({
      method,
      path: `${url.pathname}${url.search}`,
      headers,
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    const answer =
      typeof route === 'function'
        ? await route(new Request(url, { method, headers }))
        : (route ?? {
            status: 404,
            body: { code: 'NOT_FOUND', message: `No fake route for ${method} ${url.pathname}` },
          });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
