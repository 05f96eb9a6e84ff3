import type { Kysely } from 'kysely';
import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../db/schema.ts';
import { findUserByAuthId } from './repository.ts';
import type { TwoFactorService } from './two-factor-service.ts';

/** The interaction that asks for the second factor (or sets it up) once the password is known. */
export const SECOND_FACTOR_PROMPT = 'second_factor';

/** Authentication context classes the provider puts in `acr` (advertised in its discovery document). */
export const ACR_PASSWORD = 'urn:lynk:acr:password';
export const ACR_TWO_FACTOR = 'urn:lynk:acr:two-factor';

/** Authorization parameters the portal adds: a fresh second factor (step-up), or an optional enrolment. */
export const STEP_UP_PARAM = 'step_up';
export const ENROL_PARAM = 'enrol_two_factor';

export const REASONS = {
  missing: 'lynk_second_factor_missing',
  stepUp: 'lynk_step_up',
  enrol: 'lynk_enrol_two_factor',
} as const;

/**
 * What our interactions add to the provider's interaction result: the user proved who they are
 * during this authorization (a password where no second factor applies, or a second factor); typed
 * their password to set up an authenticator (when, in seconds); set one up during it.
 */
export interface ReauthenticationResult {
  lynkReauthenticated?: boolean;
  lynkPasswordConfirmedAt?: number;
  lynkEnrolled?: boolean;
}

const result = (ctx: KoaContextWithOIDC) => (ctx.oidc.result ?? {}) as ReauthenticationResult;

async function userIdOf(db: Kysely<Database>, ctx: KoaContextWithOIDC): Promise<number | null> {
  const accountId = ctx.oidc.session?.accountId;
  if (!accountId) return null;
  return (await findUserByAuthId(db, accountId))?.id ?? null;
}

/**
 * The provider's second step, after `login` and before the organization check: an account with an
 * authenticator must give a code before any code is issued for it, and one whose admin role
 * requires an authenticator must set one up first; a step-up or an enrolment request asks once
 * more within this authorization.
 */
export function secondFactorPrompt(db: Kysely<Database>, twoFactor: TwoFactorService) {
  const { Check, Prompt } = interactionPolicy;
  return new Prompt(
    { name: SECOND_FACTOR_PROMPT, requestable: false },
    new Check(REASONS.missing, 'the account must give its second factor', async (ctx) => {
      if (ctx.oidc.session?.amr?.includes('otp')) return Check.NO_NEED_TO_PROMPT;
      // Just set up, after the password in this authorization: no second code right away. The
      // session stays a password one (amr pwd), so a step-up still asks for a code.
      if (result(ctx).lynkEnrolled) return Check.NO_NEED_TO_PROMPT;
      const userId = await userIdOf(db, ctx);
      if (userId === null) return Check.NO_NEED_TO_PROMPT;
      return (await twoFactor.requirement(userId)) === 'none'
        ? Check.NO_NEED_TO_PROMPT
        : Check.REQUEST_PROMPT;
    }),
    new Check(REASONS.stepUp, 'the user must prove who they are again', (ctx) =>
      ctx.oidc.params?.[STEP_UP_PARAM] && !result(ctx).lynkReauthenticated
        ? Check.REQUEST_PROMPT
        : Check.NO_NEED_TO_PROMPT,
    ),
    new Check(REASONS.enrol, 'setting up a second factor was asked for', async (ctx) => {
      if (!ctx.oidc.params?.[ENROL_PARAM] || result(ctx).lynkEnrolled) return Check.NO_NEED_TO_PROMPT;
      const userId = await userIdOf(db, ctx);
      if (userId === null) return Check.NO_NEED_TO_PROMPT;
      return (await twoFactor.requirement(userId)) === 'code'
        ? Check.NO_NEED_TO_PROMPT
        : Check.REQUEST_PROMPT;
    }),
  );
}
