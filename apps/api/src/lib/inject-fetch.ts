import type { FastifyInstance } from 'fastify';

/**
 * `fetch` answered by the app itself: the session client reaches the embedded identity provider
 * in the same process, without a socket.
 */
export async function injectFetch(
  app: FastifyInstance,
  url: string,
  init: RequestInit | undefined,
): Promise<Response> {
  const target = new URL(url);
  // The provider builds its endpoint addresses from Host and (behind a proxy) X-Forwarded-Proto,
  // so present the public ones.
  const headers = {
    ...Object.fromEntries(new Headers(init?.headers).entries()),
    host: target.host,
    'x-forwarded-proto': target.protocol.replace(':', ''),
  };
  const response = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: target.pathname + target.search,
    headers,
    ...(init?.body === undefined || init.body === null ? {} : { payload: String(init.body) }),
  });
  return new Response(
    response.statusCode === 204 || response.statusCode === 304 ? null : response.rawPayload,
    {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [String(value)]).map((v) => [name, v] as [string, string]),
      ),
    },
  );
}
