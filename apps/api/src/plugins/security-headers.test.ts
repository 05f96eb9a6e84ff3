import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from './security-headers.ts';

const options: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  hsts: true,
  crossOriginEmbedderPolicy: false,
};

describe('the security headers', () => {
  it('are exactly the headers helmet sets on a real response', () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    response.setHeader('X-Powered-By', 'something');
    helmet(options)(response.req, response, () => undefined);
    expect(helmetHeaders(options)).toEqual(response.getHeaders());
  });

  it('go out on every answer, a handler error included', async () => {
    const app = Fastify();
    await app.register(securityHeaders, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/fails', '/missing']) {
      const { headers } = await app.inject({ url });
      expect(headers).toMatchObject({
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
    await app.close();
  });
});
