import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/service.ts';
import { loginPage, messagePage } from './pages.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import {
  bindGrantToOrganization,
  findDefaultMembership,
  findMembership,
  findUserByEmail,
} from './repository.ts';

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

const uidParams = z.object({ uid: z.string().min(1).max(128) });
const loginBody = z.object({
  email: z.string().trim().max(320).default(''),
  password: z.string().max(1024).default(''),
});

const INVALID_CREDENTIALS = 'The email or password is incorrect.';

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The embedded OpenID provider under /oidc, its sign-in interaction and its static assets. */
export async function identityRoutes(app: FastifyInstance, opts: { provider: Provider; audience: string }) {
  const { provider, audience } = opts;

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
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => {
        if (/%00/i.test(body as string))
          return done(new AppError('BAD_REQUEST', 400, 'The form contains a NUL character.'), undefined);
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get(
      '/oidc/interaction/:uid',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const details = await interactionDetailsOrNull(provider, request, reply);
        if (!details) return html(reply, expiredPage(), 400);
        if (details.prompt.name === 'login') {
          return html(reply, loginPage({ action: `/oidc/interaction/${details.uid}/login` }));
        }
        // Consent: no screen for the first-party portal, only the organization check.
        const accountId = details.session?.accountId;
        if (!accountId) return html(reply, expiredPage(), 400);
        const requested =
          typeof details.params.organization === 'string' ? details.params.organization : undefined;
        const membership = requested
          ? await findMembership(app.db, accountId, requested)
          : await findDefaultMembership(app.db, accountId);
        if (!membership) {
          await recordAudit(app.db, {
            actorUserId: null,
            organizationId: requested ?? null,
            action: 'auth.organization_refused',
            subject: accountId,
            ip: request.ip,
          });
          const to = await provider.interactionResult(request.raw, reply.raw, {
            error: 'access_denied',
            error_description: 'You do not have access to this organization.',
          });
          return reply.redirect(to, 303);
        }
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope('openid profile offline_access');
        grant.addResourceScope(audience, 'portal');
        const grantId = await grant.save();
        await bindGrantToOrganization(app.db, grantId, membership.organization_id);
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { consent: { grantId }, lynkOrganization: membership.organization_id },
          { mergeWithLastSubmission: true },
        );
        return reply.redirect(to, 303);
      },
    );

    scope.post(
      '/oidc/interaction/:uid/login',
      {
        schema: { hide: true, params: uidParams, body: loginBody },
        // Ten tries a minute per address and email: guessing stays slow, while a shop's cashiers
        // behind one public address can still all sign in at opening time.
        config: {
          rateLimit: {
            max: 10,
            timeWindow: '1 minute',
            hook: 'preHandler',
            keyGenerator: (request: FastifyRequest) =>
              `${request.ip}|${String((request.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`,
          },
        },
      },
      async (request, reply) => {
        const details = await interactionDetailsOrNull(provider, request, reply);
        if (!details || details.prompt.name !== 'login') return html(reply, expiredPage(), 400);
        const { email, password } = request.body as z.infer<typeof loginBody>;
        const action = `/oidc/interaction/${details.uid}/login`;
        const user = email ? await findUserByEmail(app.db, email) : undefined;
        const passwordOk = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
        const member =
          user && passwordOk && !user.disabled && (await findDefaultMembership(app.db, user.auth_id));
        if (!user || !member) {
          await recordAudit(app.db, {
            actorUserId: user?.id ?? null,
            organizationId: null,
            action: 'auth.login_failed',
            subject: email.slice(0, 320),
            ip: request.ip,
          });
          return html(reply, loginPage({ action, email, error: INVALID_CREDENTIALS }), 401);
        }
        await recordAudit(app.db, {
          actorUserId: user.id,
          organizationId: null,
          action: 'auth.login',
          subject: user.auth_id,
          ip: request.ip,
        });
        const to = await provider.interactionResult(request.raw, reply.raw, {
          login: { accountId: user.auth_id, remember: false },
        });
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
      for (const [name, value] of Object.entries(reply.getHeaders())) {
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
