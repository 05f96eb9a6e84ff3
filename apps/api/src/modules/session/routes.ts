import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { apiErrorSchema } from '@lynk/contract/errors';
import {
  logoutResponseSchema,
  orgIdSchema,
  returnToSchema,
  sessionIdentitySchema,
} from '@lynk/contract/session';
import {
  STEP_UP_PATH,
  TWO_FACTOR_ENROL_PATH,
  TWO_FACTOR_STATUS_PATH,
  twoFactorStatusSchema,
} from '@lynk/contract/step-up';
import { requireIdentity } from '../../plugins/auth.ts';
import { hasAuthenticator } from '../identity/index.ts';
import type { LoginState, Reauthorization, SessionService } from './service.ts';
import { stepUpDoneRoutes } from './step-up-done.ts';
import { SESSION_ABSOLUTE_MS } from './service.ts';

const LOGIN_STATE_MAX_AGE_S = 10 * 60;

const loginQuery = z.object({ org: z.optional(orgIdSchema), returnTo: returnToSchema });
const callbackQuery = z.object({
  code: z.optional(z.string().check(z.maxLength(512))),
  state: z.optional(z.string().check(z.maxLength(512))),
  error: z.optional(z.string().check(z.maxLength(256))),
  error_description: z.optional(z.string().check(z.maxLength(1024))),
  iss: z.optional(z.string().check(z.maxLength(2048))),
});

const loginStateSchema = z.object({
  state: z.string(),
  verifier: z.string(),
  returnTo: returnToSchema,
  org: z.optional(orgIdSchema),
  reauth: z.optional(z.boolean()),
});
const reauthQuery = z.object({ returnTo: returnToSchema });

export async function sessionRoutes(
  app: FastifyInstance,
  opts: { sessions: SessionService; publicUrl: string },
) {
  const { sessions, publicUrl } = opts;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const loginCookie = app.sessionCookie.secure ? '__Host-lynk_login' : 'lynk_login';
  const cookieBase = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.sessionCookie.secure,
    signed: true,
  };
  // A __Host- cookie is only replaced (here: expired) by a Set-Cookie that is Secure as well.
  const clearOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.sessionCookie.secure,
  };

  // A live session proving who it is again (ADR 030): a step-up before money leaves, or setting up
  // two-step verification. Same organization; without a live session, a normal sign-in instead.
  const reauthorize = (reauth: Reauthorization) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { returnTo } = request.query as z.infer<typeof reauthQuery>;
    if (request.authKind !== 'session' || !request.identity) {
      return reply.redirect(`/auth/login?${new URLSearchParams({ returnTo })}`, 303);
    }
    const { url, loginState } = await sessions.beginLogin({
      returnTo,
      org: request.identity.org_id,
      fresh: false,
      reauth,
    });
    reply.setCookie(loginCookie, JSON.stringify(loginState), {
      ...cookieBase,
      maxAge: LOGIN_STATE_MAX_AGE_S,
    });
    return reply.redirect(url, 303);
  };
  const reauthSchema = (summary: string) => ({
    schema: { tags: ['auth'], summary, querystring: reauthQuery, response: { 400: apiErrorSchema } },
  });
  typed.get(
    STEP_UP_PATH,
    reauthSchema('Prove who you are again before money leaves (redirects to the identity provider)'),
    reauthorize('step-up'),
  );
  await stepUpDoneRoutes(app);
  typed.get(
    TWO_FACTOR_ENROL_PATH,
    reauthSchema('Set up two-step verification (redirects to the identity provider)'),
    reauthorize('enrol'),
  );

  typed.get(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in (redirects to the identity provider)',
        querystring: loginQuery,
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { url, loginState } = await sessions.beginLogin({
        ...request.query,
        fresh: request.authKind !== 'session',
      });
      reply.setCookie(loginCookie, JSON.stringify(loginState), {
        ...cookieBase,
        maxAge: LOGIN_STATE_MAX_AGE_S,
      });
      return reply.redirect(url, 303);
    },
  );

  typed.get(
    '/auth/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in (the identity provider redirects here with code and state)',
        querystring: callbackQuery,
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const loginState = readLoginState(request, loginCookie);
      reply.clearCookie(loginCookie, clearOptions);
      // Spec: when token setup fails, the page is replaced with the site root.
      if (!loginState || request.query.error || !request.query.code || !request.query.state) {
        return reply.redirect('/', 303);
      }
      const previous = currentSessionId(request, app.sessionCookie.name);
      let result;
      try {
        result = await sessions.completeLogin(
          new URL(request.url, publicUrl),
          loginState,
          request.ip,
          previous,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in callback failed');
        return reply.redirect('/', 303);
      }
      if (previous) await sessions.replace(previous);
      reply.setCookie(app.sessionCookie.name, result.sessionId, {
        ...cookieBase,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      return reply.redirect(loginState.returnTo, 303);
    },
  );

  typed.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out; answers where the browser goes to end the provider session',
        response: { 200: logoutResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const location = await sessions.logout(currentSessionId(request, app.sessionCookie.name), request.ip);
      reply.clearCookie(app.sessionCookie.name, clearOptions);
      return { location };
    },
  );

  typed.get(
    '/api/session',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['session'],
        summary: 'The signed-in user (session identity of the spec)',
        response: { 200: sessionIdentitySchema, 401: apiErrorSchema },
      },
    },
    async (request) => request.identity!,
  );

  typed.get(
    TWO_FACTOR_STATUS_PATH,
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['session'],
        summary: 'Whether the signed-in user has set up two-step verification (My Profile)',
        response: { 200: twoFactorStatusSchema, 401: apiErrorSchema },
      },
    },
    // The account's, not this session's: a set-up from My Profile gives the session no second
    // factor (ADR 030), yet the provider asks for one at every later sign-in.
    async (request) => ({ enabled: await hasAuthenticator(app.db, Number(request.identity!.id)) }),
  );
}

function readLoginState(request: FastifyRequest, name: string): LoginState | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = loginStateSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function currentSessionId(request: FastifyRequest, name: string): string | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}
