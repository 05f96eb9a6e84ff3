import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { z } from 'zod/mini';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { addFormBodyParser, unparsedFormField } from './form-body.ts';
import { loginPage, messagePage } from './pages.ts';
import { answerRateLimitsWithPages } from './rate-limited-pages.ts';
import { findStaffAccount, type IdentityService } from './service.ts';
import { ACR_PASSWORD, SECOND_FACTOR_PROMPT, type ReauthenticationResult } from './two-factor-prompt.ts';
import { secondFactorRoutes } from './two-factor-routes.ts';
import type { TwoFactorService } from './two-factor-service.ts';

const assets = {
  'idp.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('./assets/idp.css', import.meta.url)),
  },
  'logout.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('./assets/logout.js', import.meta.url)),
  },
};

const uidParams = z.object({ uid: z.string().check(z.minLength(1), z.maxLength(128)) });
const loginBody = z.object({
  email: z._default(z.string().check(z.trim(), z.maxLength(320)), ''),
  password: z._default(z.string().check(z.maxLength(1024)), ''),
});

const INVALID_CREDENTIALS = 'The email or password is incorrect.';
const LOGIN_ROUTE = '/oidc/interaction/:uid/login';
const loginAction = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/login`;

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

export interface IdentityRoutesOptions {
  provider: Provider;
  identity: IdentityService;
  twoFactor: TwoFactorService;
  /** Sign-in attempts per minute from one address, whatever the emails. */
  attemptsPerAddress: number;
}

/** The embedded OpenID provider under /oidc, its sign-in interaction and its static assets. */
export async function identityRoutes(app: FastifyInstance, opts: IdentityRoutesOptions) {
  const { provider, identity, twoFactor } = opts;
  const throttle = signInRateLimit(app, 'staff', opts.attemptsPerAddress);

  app.get(
    '/oidc-assets/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    (request, reply) => {
      const asset = assets[(request.params as { file: string }).file as keyof typeof assets];
      if (!asset) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such asset.' });
      return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
    },
  );

  // The sign-in form posts urlencoded data; only this scope parses it.
  await app.register(async (scope) => {
    addFormBodyParser(scope);
    answerRateLimitsWithPages(scope, {
      limit: 'Too many sign-in attempts.',
      html,
      page: async (request, reply, message) => {
        if (request.routeOptions.url !== LOGIN_ROUTE)
          return secondFactor.rateLimitedPage(request, reply, message);
        // The sign-in form again, the email as typed: parsed when the sign-in's own limits refused,
        // not yet read when the site-wide limit did.
        const typed = (request.body as { email?: string } | undefined)?.email;
        const email = typed ?? (await unparsedFormField(request, 'email')).trim().slice(0, 320);
        const { uid } = request.params as { uid: string };
        return loginPage({ action: loginAction(uid), email, error: message });
      },
    });
    const secondFactor = secondFactorRoutes(scope, {
      provider,
      identity,
      twoFactor,
      db: app.db,
      throttle,
      attemptsPerAddress: opts.attemptsPerAddress,
      html,
      expired: (reply) => html(reply, expiredPage(), 400),
    });
    secondFactor.register();

    scope.get(
      '/oidc/interaction/:uid',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const details = await interactionDetailsOrNull(provider, request, reply);
        if (!details) return html(reply, expiredPage(), 400);
        if (details.prompt.name === 'login') {
          return html(reply, loginPage({ action: loginAction(details.uid) }));
        }
        if (details.prompt.name === SECOND_FACTOR_PROMPT) return secondFactor.render(request, reply);
        // Consent: no screen for the first-party portal, only the organization check.
        const accountId = details.session?.accountId;
        if (!accountId) return html(reply, expiredPage(), 400);
        const requested =
          typeof details.params.organization === 'string' ? details.params.organization : undefined;
        const bound = await identity.bindOrganization({
          accountId,
          clientId: String(details.params.client_id),
          requested,
          ip: request.ip,
        });
        const to = bound
          ? await provider.interactionResult(
              request.raw,
              reply.raw,
              { consent: { grantId: bound.grantId }, lynkOrganization: bound.organizationId },
              { mergeWithLastSubmission: true },
            )
          : await provider.interactionResult(request.raw, reply.raw, {
              error: 'access_denied',
              error_description: 'You do not have access to this organization.',
            });
        return reply.redirect(to, 303);
      },
    );

    scope.post(
      LOGIN_ROUTE,
      { schema: { hide: true, params: uidParams, body: loginBody }, preHandler: throttle },
      async (request, reply) => {
        const details = await interactionDetailsOrNull(provider, request, reply);
        if (!details || details.prompt.name !== 'login') return html(reply, expiredPage(), 400);
        const { email, password } = request.body as z.infer<typeof loginBody>;
        const action = loginAction(details.uid);
        const outcome = await identity.signIn({ email, password, ip: request.ip, now: app.clock() });
        if (outcome.kind === 'locked') {
          reply.header('retry-after', String(outcome.retryAfterSeconds));
          return html(
            reply,
            loginPage({ action, email, error: lockedMessage(outcome.retryAfterSeconds) }),
            429,
          );
        }
        if (outcome.kind === 'refused') {
          return html(reply, loginPage({ action, email, error: INVALID_CREDENTIALS }), 401);
        }
        // The password alone re-authenticates only an account without a second factor (ADR 030).
        const user = await findStaffAccount(app.db, outcome.accountId);
        const result: InteractionResults & ReauthenticationResult = {
          login: {
            accountId: outcome.accountId,
            remember: false,
            amr: ['pwd'],
            acr: ACR_PASSWORD,
            ts: Math.floor(app.clock().getTime() / 1000),
          },
          lynkReauthenticated: user ? (await twoFactor.requirement(user.id)) === 'none' : false,
        };
        const to = await provider.interactionResult(request.raw, reply.raw, result);
        return reply.redirect(to, 303);
      },
    );
  });

  // Everything else under /oidc is the provider itself (a Koa app). It reads the raw body, so this
  // scope has no body parsers, and it works out its mount path from `originalUrl`.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const passThrough = (request: FastifyRequest, reply: FastifyReply) => {
      // The provider writes its answers itself (some are pages): the hooks' headers go on first.
      for (const [name, value] of Object.entries({
        ...reply.getHeaders(),
        ...app.securityHeaders.document,
      })) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice('/oidc'.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all('/oidc', { schema: { hide: true } }, passThrough);
    scope.all('/oidc/*', { schema: { hide: true } }, passThrough);
  });
}

function lockedMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-ins for this email. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

async function interactionDetailsOrNull(provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  try {
    return await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    return null;
  }
}

function expiredPage() {
  return messagePage('Sign-in expired', 'This sign-in page has expired. Please start again.', {
    href: '/',
    text: 'Back to the portal',
  });
}
