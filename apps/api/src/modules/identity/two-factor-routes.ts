import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { z } from 'zod/mini';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import type { Db } from '../../db/transaction.ts';
import { findStaffAccount, type IdentityService, type StaffAccount } from './service.ts';
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

const ROUTES = {
  code: '/oidc/interaction/:uid/second-factor',
  enrol: '/oidc/interaction/:uid/enrol',
  password: '/oidc/interaction/:uid/password',
};
const FORM_ROUTES: ReadonlySet<string> = new Set(Object.values(ROUTES));

export interface SecondFactorRoutesOptions {
  provider: Provider;
  identity: IdentityService;
  twoFactor: TwoFactorService;
  db: Db;
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

/**
 * How long a password typed in this authorization opens the set-up (the interaction's lifetime):
 * the setup key is never shown, nor a code taken for it, on the strength of a session alone.
 */
const SET_UP_PASSWORD_MAX_AGE_S = 10 * 60;

type LastSubmission = ReauthenticationResult & { login?: { acr?: string; amr?: string[]; ts?: number } };

function lockedMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many wrong attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The second-factor interaction's pages and form posts (ADR 030). Which page shows depends on the
 * account: a code when it has an authenticator; the set-up when its role needs one (or the user
 * asked for one), once the password has been typed in this authorization; else the password.
 */
export function secondFactorRoutes(scope: FastifyInstance, opts: SecondFactorRoutesOptions) {
  const { provider, twoFactor, html } = opts;
  const codeThrottle = signInRateLimit(scope, 'second-factor', opts.attemptsPerAddress);
  const nowSeconds = () => Math.floor(scope.clock().getTime() / 1000);

  async function pending(request: FastifyRequest, reply: FastifyReply) {
    let details: Details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return null;
    }
    const accountId = details.session?.accountId;
    if (details.prompt.name !== SECOND_FACTOR_PROMPT || !accountId) return null;
    const user = await findStaffAccount(opts.db, accountId);
    if (!user || user.disabled) return null;
    return { details, user, path: `/oidc/interaction/${details.uid}` };
  }

  /** Setting up an authenticator: asked for by the user, or required by their role. */
  function settingUp(details: Details, requirement: 'none' | 'code' | 'enrol') {
    return (
      requirement === 'enrol' || (requirement === 'none' && details.prompt.reasons.includes(REASONS.enrol))
    );
  }

  /**
   * Whether the password was typed in this authorization, lately: at the sign-in page just before
   * (a required set-up), or on our own password page.
   */
  function passwordIsFresh(details: Details) {
    const last = details.lastSubmission as LastSubmission | undefined;
    const at =
      last?.lynkPasswordConfirmedAt ?? (last?.login?.acr === ACR_PASSWORD ? last.login.ts : undefined);
    return at !== undefined && nowSeconds() - at <= SET_UP_PASSWORD_MAX_AGE_S;
  }

  /** Completes the interaction: the provider session now records this authentication. */
  function finish(request: FastifyRequest, reply: FastifyReply, details: Details, secondFactor: boolean) {
    const sessionAmr = (details.lastSubmission as LastSubmission | undefined)?.login?.amr;
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
    };
    return provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true });
  }

  /**
   * Ends a step of the set-up without touching the provider session's authentication (its `amr`
   * and time stay): typing the password, or confirming the new app, is not a sign-in or a step-up.
   */
  function setUpStep(
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults & ReauthenticationResult,
  ) {
    return provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true });
  }

  async function page(user: StaffAccount, details: Details, path: string, error?: string) {
    const requirement = await twoFactor.requirement(user.id);
    if (requirement === 'code') {
      const stepUp = details.prompt.reasons.includes(REASONS.stepUp);
      return secondFactorPage({ action: `${path}/second-factor`, stepUp, ...(error ? { error } : {}) });
    }
    const setUp = settingUp(details, requirement);
    if (setUp && passwordIsFresh(details)) {
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
      purpose: setUp ? 'set-up' : 'step-up',
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
    /** A form of ours over a rate limit: its page with the wait as the error (null for the others). */
    async rateLimitedPage(request: FastifyRequest, reply: FastifyReply, message: string) {
      if (!FORM_ROUTES.has(request.routeOptions.url ?? '')) return null;
      const found = await pending(request, reply);
      return found ? page(found.user, found.details, found.path, message) : null;
    },

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

      scope.post(ROUTES.code, options, async (request, reply) => {
        const found = await pending(request, reply);
        if (!found) return opts.expired(reply);
        const { code } = request.body as z.infer<typeof codeBody>;
        const outcome = await twoFactor.verify(found.user, code, request.ip);
        if (outcome.kind === 'verified')
          return reply.redirect(await finish(request, reply, found.details, true), 303);
        const { status, error } = refusal(reply, outcome);
        return html(reply, await page(found.user, found.details, found.path, error), status);
      });

      scope.post(ROUTES.enrol, options, async (request, reply) => {
        const found = await pending(request, reply);
        if (!found) return opts.expired(reply);
        const requirement = await twoFactor.requirement(found.user.id);
        if (!settingUp(found.details, requirement) || !passwordIsFresh(found.details)) {
          return opts.expired(reply);
        }
        const { code } = request.body as z.infer<typeof codeBody>;
        const outcome = await twoFactor.confirmEnrolment(found.user, code, request.ip);
        if (outcome.kind === 'enrolled') {
          // The first code proves the app was added, not who is at the keyboard: it was bound on the
          // password alone, so the session gains no second factor (and no step-up) from it.
          const continueHref = await setUpStep(request, reply, { lynkEnrolled: true });
          return html(reply, recoveryCodesPage({ codes: outcome.recoveryCodes, continueHref }));
        }
        const { status, error } = refusal(reply, outcome);
        return html(reply, await page(found.user, found.details, found.path, error), status);
      });

      scope.post(
        ROUTES.password,
        { schema: { hide: true, params: uidParams, body: passwordBody }, preHandler: opts.throttle },
        async (request, reply) => {
          const found = await pending(request, reply);
          if (!found) return opts.expired(reply);
          // The password stands in only for users without a second factor, never for a code.
          const requirement = await twoFactor.requirement(found.user.id);
          if (requirement === 'code') return opts.expired(reply);
          const { password } = request.body as z.infer<typeof passwordBody>;
          // Counted like the sign-in page's: per account here, per address in the preHandler.
          const outcome = await opts.identity.signIn({
            email: found.user.email,
            password,
            ip: request.ip,
            now: scope.clock(),
          });
          if (outcome.kind === 'signed-in' && outcome.accountId === found.user.auth_id) {
            const to = settingUp(found.details, requirement)
              ? await setUpStep(request, reply, { lynkPasswordConfirmedAt: nowSeconds() })
              : await finish(request, reply, found.details, false);
            return reply.redirect(to, 303);
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
