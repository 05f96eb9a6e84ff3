import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { z } from 'zod/mini';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { findUserByAuthId, type UserRecord } from './repository.ts';
import type { IdentityService } from './service.ts';
import { confirmPasswordPage, enrolPage, recoveryCodesPage, secondFactorPage } from './two-factor-pages.ts';
import {
  ACR_PASSWORD,
  ACR_TWO_FACTOR,
  REASONS,
  SECOND_FACTOR_PROMPT,
  type ReauthenticationResult,
} from './two-factor-prompt.ts';
import type { CodeRefusal, TwoFactorService } from './two-factor-service.ts';

const uidParams = z.object({ uid: z.string().check(z.minLength(1), z.maxLength(128)) });
const codeBody = z.object({ code: z._default(z.string().check(z.maxLength(64)), '') });
const passwordBody = z.object({ password: z._default(z.string().check(z.maxLength(1024)), '') });

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface SecondFactorRoutesOptions {
  provider: Provider;
  identity: IdentityService;
  twoFactor: TwoFactorService;
  db: Parameters<typeof findUserByAuthId>[0];
  /** The per-address limits of the sign-in form (the password step here). */
  throttle: preHandlerHookHandler;
  /** Code submissions a minute from one address, whatever the account (each account has its own lock-out). */
  attemptsPerAddress: number;
  html(reply: FastifyReply, body: string, status?: number): FastifyReply;
  expired(reply: FastifyReply): FastifyReply;
}

const MESSAGES = {
  wrong: 'That code is not right. Check your authenticator app and try again.',
  replayed: 'That code has already been used. Wait for the next code in your app.',
  password: 'The password is incorrect.',
};

function lockedMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many wrong attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The second-factor interaction's pages and form posts (ADR 030). Which page shows depends on the
 * account: a code when it has an authenticator, the set-up when its role needs one (or the user
 * asked for one), its password again for a step-up when it has none.
 */
export function secondFactorRoutes(scope: FastifyInstance, opts: SecondFactorRoutesOptions) {
  const { provider, twoFactor, html } = opts;
  const codeThrottle = signInRateLimit(scope, 'second-factor', opts.attemptsPerAddress);
  const nowSeconds = () => Math.floor(twoFactor.now().getTime() / 1000);

  async function pending(request: FastifyRequest, reply: FastifyReply) {
    let details: Details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return null;
    }
    const accountId = details.session?.accountId;
    if (details.prompt.name !== SECOND_FACTOR_PROMPT || !accountId) return null;
    const user = await findUserByAuthId(opts.db, accountId);
    if (!user || user.disabled) return null;
    return { details, user, path: `/oidc/interaction/${details.uid}` };
  }

  /** Completes the interaction: the provider session now records this authentication. */
  function finish(request: FastifyRequest, reply: FastifyReply, details: Details, secondFactor: boolean) {
    const sessionAmr = (details.lastSubmission as { login?: { amr?: string[] } } | undefined)?.login?.amr;
    const amr = secondFactor ? [...new Set([...(sessionAmr ?? ['pwd']), 'otp'])] : ['pwd'];
    const result: InteractionResults & ReauthenticationResult = {
      login: {
        accountId: details.session!.accountId!,
        remember: false,
        amr,
        acr: secondFactor ? ACR_TWO_FACTOR : ACR_PASSWORD,
        ts: nowSeconds(),
      },
      lynkReauthenticated: true,
      lynkSecondFactor: secondFactor,
    };
    return provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true });
  }

  async function page(user: UserRecord, details: Details, path: string, error?: string) {
    const requirement = await twoFactor.requirement(user.id);
    if (requirement === 'code') {
      const stepUp = !details.prompt.reasons.includes(REASONS.missing);
      return secondFactorPage({ action: `${path}/second-factor`, stepUp, ...(error ? { error } : {}) });
    }
    if (requirement === 'enrol' || details.prompt.reasons.includes(REASONS.enrol)) {
      const { secret, qrDataUrl } = await twoFactor.enrolment(user);
      return enrolPage({
        action: `${path}/enrol`,
        secret,
        qrDataUrl,
        required: requirement === 'enrol',
        ...(error ? { error } : {}),
      });
    }
    return confirmPasswordPage({
      action: `${path}/password`,
      email: user.email,
      ...(error ? { error } : {}),
    });
  }

  function refusal(reply: FastifyReply, outcome: CodeRefusal) {
    if (outcome.kind === 'locked') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return { status: 429, error: lockedMessage(outcome.retryAfterSeconds) };
    }
    return { status: 401, error: MESSAGES[outcome.reason] };
  }

  return {
    /** The GET of an interaction whose prompt is ours. */
    async render(request: FastifyRequest, reply: FastifyReply) {
      const found = await pending(request, reply);
      if (!found) return opts.expired(reply);
      return html(reply, await page(found.user, found.details, found.path));
    },

    register() {
      const options = {
        schema: { hide: true, params: uidParams, body: codeBody },
        preHandler: codeThrottle,
      };

      scope.post('/oidc/interaction/:uid/second-factor', options, async (request, reply) => {
        const found = await pending(request, reply);
        if (!found) return opts.expired(reply);
        const { code } = request.body as z.infer<typeof codeBody>;
        const outcome = await twoFactor.verify(found.user, code, request.ip);
        if (outcome.kind === 'verified')
          return reply.redirect(await finish(request, reply, found.details, true), 303);
        const { status, error } = refusal(reply, outcome);
        return html(reply, await page(found.user, found.details, found.path, error), status);
      });

      scope.post('/oidc/interaction/:uid/enrol', options, async (request, reply) => {
        const found = await pending(request, reply);
        if (!found) return opts.expired(reply);
        const { code } = request.body as z.infer<typeof codeBody>;
        const outcome = await twoFactor.confirmEnrolment(found.user, code, request.ip);
        if (outcome.kind === 'enrolled') {
          const continueHref = await finish(request, reply, found.details, true);
          return html(reply, recoveryCodesPage({ codes: outcome.recoveryCodes, continueHref }));
        }
        const { status, error } = refusal(reply, outcome);
        return html(reply, await page(found.user, found.details, found.path, error), status);
      });

      scope.post(
        '/oidc/interaction/:uid/password',
        { schema: { hide: true, params: uidParams, body: passwordBody }, preHandler: opts.throttle },
        async (request, reply) => {
          const found = await pending(request, reply);
          // The password stands in only for users without a second factor, never for a code.
          if (!found || (await twoFactor.requirement(found.user.id)) !== 'none') return opts.expired(reply);
          const { password } = request.body as z.infer<typeof passwordBody>;
          const outcome = await opts.identity.signIn({ email: found.user.email, password, ip: request.ip });
          if (outcome.kind === 'signed-in' && outcome.accountId === found.user.auth_id) {
            return reply.redirect(await finish(request, reply, found.details, false), 303);
          }
          const error =
            outcome.kind === 'locked' ? lockedMessage(outcome.retryAfterSeconds) : MESSAGES.password;
          if (outcome.kind === 'locked') reply.header('retry-after', String(outcome.retryAfterSeconds));
          return html(
            reply,
            await page(found.user, found.details, found.path, error),
            outcome.kind === 'locked' ? 429 : 401,
          );
        },
      );
    },
  };
}
