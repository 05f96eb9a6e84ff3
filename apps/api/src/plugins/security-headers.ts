import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_CLICKS_SCRIPT_SOURCE } from '../lib/early-clicks.ts';

/** The security headers of each kind of answer (ADR 035). */
interface SecurityHeaders {
  /** An HTML page or a redirect: helmet's whole set (CSP, framing, opener, referrer…). */
  document: Record<string, string>;
  /** Anything else (JSON, scripts, styles, images, downloads): what still acts on it. */
  resource: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    securityHeaders: SecurityHeaders;
  }
}

/**
 * Security headers on every answer, by what the answer is. Most of helmet's headers act only on
 * a document — the page's CSP, frame options, opener policy, agent cluster, referrer and DNS
 * prefetch policies — so a script, a stylesheet or a JSON answer carries only what acts on it
 * (ADR 035): ~150 bytes instead of ~750, which a dashboard paid on each of its ~90 requests over
 * a phone's link. A route's own header (an activation page's referrer policy) is kept.
 *
 * With our options every header is the same on every answer, so helmet runs once, when the app
 * starts, and each request only copies its headers: running helmet's fifteen middlewares per
 * request (each validating its header through `setHeader`) cost a kept listing about a twentieth
 * of its time. A policy that varies per request (a CSP nonce) would need helmet per request again.
 */
export const securityHeaders = fp(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const headers = headersByKind(options);
    app.decorate('securityHeaders', headers);
    app.addHook('onSend', (_request, reply, payload, done) => {
      const set = isNavigation(reply) ? headers.document : headers.resource;
      for (const name in set) if (!reply.hasHeader(name)) reply.header(name, set[name]);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

/** The portal's policy: its pages' CSP, and HSTS when it is served over HTTPS. */
export function portalSecurityOptions(publicUrl: string): HelmetOptions {
  const https = publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: a rendered page's, keeping a click made before the portal runs.
        scriptSrc: ["'self'", EARLY_CLICKS_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * A page, or a redirect on the way to one. A browser weighs each redirect of a navigation too: a
 * hop without the pages' opener policy moved the sign-in window into a browsing context group of
 * its own, cut from the portal, and its last page could no longer close it.
 */
function isNavigation(reply: FastifyReply): boolean {
  if (reply.statusCode >= 300 && reply.statusCode < 400) return true;
  const contentType = reply.getHeader('content-type');
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

function headersByKind(options: HelmetOptions): SecurityHeaders {
  const document = helmetHeaders(options);
  const hsts = document['strict-transport-security'];
  return {
    document,
    resource: {
      // Nothing may run or be framed should the answer be opened as a page (an SVG, a JSON URL).
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      ...(hsts ? { 'strict-transport-security': hsts } : {}),
    },
  };
}

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
