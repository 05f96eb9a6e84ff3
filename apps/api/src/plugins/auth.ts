import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, CSRF_HEADER_VALUE, ORG_HEADER, type SessionIdentity } from '@lynk/contract/session';
import type { Gate } from '@lynk/contract/permissions';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { assertGate } from '../lib/gate.ts';
import { memoByString } from '../lib/memo.ts';
import { NO_AUTHENTICATION, type Authentication } from './authentication.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, from the session cookie or a bearer token; null when anonymous. */
    identity: SessionIdentity | null;
    authKind: 'session' | 'bearer' | null;
    /** When the caller last proved who they are, and with a second factor (the step-up rule, ADR 030). */
    authentication: Authentication;
  }
  interface FastifyInstance {
    sessionCookie: { name: string; secure: boolean };
    /** A signed cookie's value, or null when it is missing or its signature is wrong. */
    readSignedCookie(request: FastifyRequest, name: string): string | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `__Host-` prefixed (Secure, whole site, no Domain) whenever the portal is served over https. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? '__Host-lynk_session' : 'lynk_session';
}

/** Who is signed in, and how: what the hooks learn from a session cookie or a bearer token. */
interface Caller {
  identity: SessionIdentity;
  authentication: Authentication;
}

/*
 * What the hooks need from the session module, as interfaces of their own: every module's routes
 * use the hooks, so the hooks cannot import the session module (ADR 044); app.ts passes its pieces.
 */

/** The portal's sessions (the session module's service). */
interface SessionLookup {
  /** The caller behind a session id, or null when there is no live session. */
  resolve(sessionId: string): Promise<Caller | null>;
}

/** Checks a bearer access token; throws when it is not valid (the session module's verifier). */
interface AccessTokenCheck {
  verify(token: string): Promise<Caller>;
}

/** Whether a bearer token's membership still holds (the session module's bearer memberships). */
interface MembershipCheck {
  holds(identity: SessionIdentity): Promise<boolean>;
  /** Hears staff changes, so that a membership confirmed once is not read again on every call. */
  listen(database: DatabaseHandle, lost: (error: unknown) => void): Promise<{ close(): Promise<void> }>;
}

export interface AuthPluginOptions {
  sessions: SessionLookup;
  verifier: AccessTokenCheck;
  memberships: MembershipCheck;
  publicUrl: string;
  /**
   * Where staff changes are heard, so that a bearer token's membership confirmed once is not
   * read again on every call (session/bearer-memberships.ts). Without it, every bearer call
   * reads the membership from the database.
   */
  database?: DatabaseHandle | undefined;
}

/**
 * Authenticates /api and /auth requests. Cookie sessions must also prove they come from our own
 * pages on unsafe methods (a custom header no other site can send, and a matching Origin).
 */
export const authPlugin = fp(async function auth(app: FastifyInstance, opts: AuthPluginOptions) {
  const secure = opts.publicUrl.startsWith('https://');
  const publicOrigin = new URL(opts.publicUrl).origin;
  app.decorate('sessionCookie', { name: sessionCookieName(opts.publicUrl), secure });
  app.decorate('readSignedCookie', signedCookieReader(app));
  app.decorateRequest('identity', null);
  app.decorateRequest('authKind', null);
  app.decorateRequest('authentication', null as unknown as Authentication);
  const { memberships } = opts;
  if (opts.database) {
    const feed = await memberships.listen(opts.database, (error) =>
      app.log.warn({ err: error }, 'member changes: connection lost, bearer calls read the database'),
    );
    // Before the database closes: the embedded one's listener goes with it.
    app.addHook('onClose', () => feed.close());
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    request.authentication = NO_AUTHENTICATION;
    if (!isApiRoute(request) && !isAuthRoute(request)) return;

    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/.exec(authorization);
      if (!match?.[1]) throw unauthorized('The Authorization header must be a bearer token.');
      const verified = await opts.verifier.verify(match[1]).catch(() => {
        throw unauthorized('The access token is not valid.');
      });
      // Signed and unexpired, but the member may have been deactivated, deleted or given another
      // role since it was issued: refused at once, as their cookie sessions are ended (ADR 028).
      if (!(await memberships.holds(verified.identity))) {
        throw unauthorized(
          'The access token is no longer valid: the membership it was issued for has changed.',
        );
      }
      request.identity = verified.identity;
      request.authentication = verified.authentication;
      request.authKind = 'bearer';
      return;
    }

    const sessionId = app.readSignedCookie(request, app.sessionCookie.name);
    if (!sessionId) return;
    if (UNSAFE_METHODS.has(request.method)) assertSameSite(request, publicOrigin);
    const resolved = await opts.sessions.resolve(sessionId);
    if (resolved) {
      request.identity = resolved.identity;
      request.authentication = resolved.authentication;
      request.authKind = 'session';
    }
  }

  app.addHook('onRequest', async (request) => {
    await authenticate(request);
    assertPageOrganization(request);
  });
});

/** After authentication: a page of organization A must never be answered with B's data. */
function assertPageOrganization(request: FastifyRequest): void {
  const pageOrg = request.headers[ORG_HEADER];
  if (typeof pageOrg !== 'string' || !request.identity || !isApiRoute(request)) return;
  if (request.routeOptions.url === '/api/session') return;
  if (pageOrg !== request.identity.org_id) {
    throw new AppError('ORG_MISMATCH', 409, 'The session now belongs to another organization.', {
      session_org_id: request.identity.org_id,
    });
  }
}

/** Signed cookies checked at once; past it the oldest is forgotten first. */
const CHECKED_COOKIES = 10_000;

/**
 * Reads signed cookies, remembering each one checked: a signature is an HMAC of the value with
 * this app's secret, so a cookie checked once checks the same every time, and the rate limit and
 * the authentication of a request (and a page's burst of requests) need not work it out again.
 */
function signedCookieReader(app: FastifyInstance) {
  const valueOf = memoByString((raw: string): string | null => {
    const unsigned = app.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : null;
  }, CHECKED_COOKIES);
  return (request: FastifyRequest, name: string): string | null => {
    const raw = request.cookies[name];
    return raw ? valueOf(raw) : null;
  };
}

/**
 * Decided on the route that matched, never on the raw address: the router decodes
 * `/%61uth/logout` to `/auth/logout`, so a prefix test on `request.url` could be walked around.
 * Unmatched addresses (404) have no route and need no identity.
 */
function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

function isAuthRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/auth/') ?? false;
}

/** Unsafe calls must come from the portal: the CSRF header, and the portal's origin when one is sent. */
export function assertSameSite(request: FastifyRequest, publicOrigin: string) {
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new AppError('CSRF_REJECTED', 403, 'This request must come from the portal.');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== publicOrigin) {
    throw new AppError('CSRF_REJECTED', 403, 'This request must come from the portal.');
  }
}

/**
 * preValidation: the caller must be signed in. Checked before the body is validated, so a caller
 * without access learns nothing about what the route would accept (401/403 before 400).
 */
export const requireIdentity: preValidationHookHandler = async (request) => {
  if (!request.identity) throw unauthorized();
};

/** preValidation: the caller must be signed in and pass the gate (convention 4), before validation. */
export function requireGate(gate: Gate): preValidationHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.identity) throw unauthorized();
    assertGate(request.identity, gate);
  };
}
