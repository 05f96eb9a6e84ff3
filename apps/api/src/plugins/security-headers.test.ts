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

  it("go out on every answer by its kind: a page or a redirect gets helmet's set, anything else what acts on it", async () => {
    const app = Fastify();
    await app.register(securityHeaders, options);
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>hi</p>'));
    app.get('/ok', async () => ({ ok: true }));
    app.get('/away', async (_request, reply) => reply.redirect('/page', 303));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const page = await app.inject({ url: '/page' });
    expect(page.headers).toMatchObject(helmetHeaders(options));
    // A redirect is a step of a navigation: the same opener policy as the page it leads to.
    expect((await app.inject({ url: '/away' })).headers).toMatchObject(helmetHeaders(options));
    expect(page.headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self';"),
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
    });
    for (const url of ['/ok', '/fails', '/missing']) {
      const { headers } = await app.inject({ url });
      expect(headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(headers).not.toHaveProperty('cross-origin-opener-policy');
      expect(headers).not.toHaveProperty('referrer-policy');
    }
    await app.close();
  });

  it("keep a route's own header", async () => {
    const app = Fastify();
    await app.register(securityHeaders, options);
    app.get('/page', async (_request, reply) =>
      reply.type('text/html').header('referrer-policy', 'same-origin').send('<p>hi</p>'),
    );
    expect((await app.inject({ url: '/page' })).headers['referrer-policy']).toBe('same-origin');
    await app.close();
  });
});
