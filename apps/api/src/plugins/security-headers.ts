import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, frame, referrer, sniffing…) on every answer. With our options
 * every header is the same on every answer, so helmet runs once, when the app starts, and each
 * request only copies its headers: running helmet's fifteen middlewares per request (each
 * validating its header through `setHeader`) cost a kept listing about a twentieth of its time.
 * A policy that varies per request (a CSP nonce, a function directive) would need helmet per
 * request again.
 */
export const securityHeaders = fp(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

/** The headers helmet sets with these options, recorded from one run of its middleware. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
