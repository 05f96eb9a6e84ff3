import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP balancer for the fleet tests, behaving like the HAProxy of docs/operations.md:
 * round robin over the instances whose `/readyz` answers 200 (checked every `checkEveryMs`, and an
 * instance refusing a connection is out at once), and a request sent to the next instance when the
 * first could not take it: a refused connection always, a connection that died before any answer
 * only when repeating the request is harmless (GET, HEAD, or an Idempotency-Key, which the API
 * answers once whatever the number of tries). Otherwise the client gets 502, as from HAProxy.
 */
export interface Balancer {
  url: string;
  /** Requests that got no answer from any instance (502). */
  failures: number;
  /** Requests sent again to another instance. */
  retries: number;
  /** Answers each instance gave, in the order of `instances`. */
  served: number[];
  close(): Promise<void>;
}

interface Backend {
  origin: URL;
  served: number;
  healthy: boolean;
  agent: http.Agent;
}

const TRIES = 3;

export async function startBalancer(
  port: number,
  instances: string[],
  options: { checkEveryMs?: number } = {},
): Promise<Balancer> {
  const backends: Backend[] = instances.map((origin) => ({
    origin: new URL(origin),
    served: 0,
    healthy: false,
    agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  }));
  let next = 0;
  const state = { failures: 0, retries: 0 };

  const check = async (backend: Backend) => {
    backend.healthy = await fetch(new URL('/readyz', backend.origin), {
      signal: AbortSignal.timeout(1_000),
    }).then(
      (response) => response.status === 200,
      () => false,
    );
  };
  const checks = setInterval(() => void Promise.all(backends.map(check)), options.checkEveryMs ?? 100);
  await Promise.all(backends.map(check));

  const pick = (tried: Set<Backend>) => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[next++ % backends.length]!;
      if (backend.healthy && !tried.has(backend)) return backend;
    }
    return undefined;
  };

  const forward = (backend: Backend, request: http.IncomingMessage, body: Buffer) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: backend.origin.hostname,
          port: backend.origin.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent: backend.agent,
        },
        resolve,
      );
      // Refused: the instance never saw the request. Anything else may have reached it.
      outgoing.once('error', (error: NodeJS.ErrnoException) => {
        reject(Object.assign(error, { connected: error.code !== 'ECONNREFUSED' }));
      });
      outgoing.end(body);
    });

  const repeatable = (request: http.IncomingMessage) =>
    request.method === 'GET' || request.method === 'HEAD' || request.headers['idempotency-key'] !== undefined;

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const tried = new Set<Backend>();
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const backend = pick(tried) ?? pick(new Set());
      if (!backend) break;
      tried.add(backend);
      try {
        const answer = await forward(backend, request, body);
        backend.served++;
        response.writeHead(answer.statusCode!, answer.rawHeaders);
        answer.pipe(response);
        return;
      } catch (error) {
        const { code, connected } = error as NodeJS.ErrnoException & { connected: boolean };
        if (code === 'ECONNREFUSED') backend.healthy = false;
        if (connected && !repeatable(request)) break;
        state.retries++;
      }
    }
    state.failures++;
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 'BAD_GATEWAY', message: 'No instance answered.' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    get failures() {
      return state.failures;
    },
    get retries() {
      return state.retries;
    },
    get served() {
      return backends.map((backend) => backend.served);
    },
    async close() {
      clearInterval(checks);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const backend of backends) backend.agent.destroy();
    },
  };
}
