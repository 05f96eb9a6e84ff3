import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, frame, referrer, sniffing…) on every answer. The middleware is
 * built once, when the app starts: the Fastify wrapper of helmet built it again for each request,
 * parsing the whole policy every time, which cost a small answer about a tenth of its time.
 */
export const securityHeaders = fp(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
