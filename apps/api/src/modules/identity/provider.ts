import type { Kysely } from 'kysely';
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Database } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import { messagePage, logoutPage } from './pages.ts';
import { providerSessionTtl } from './provider-sessions.ts';
import { findGrantOrganization, findMembership, findUserByAuthId } from './repository.ts';
import {
  ACR_PASSWORD,
  ACR_TWO_FACTOR,
  ENROL_PARAM,
  STEP_UP_PARAM,
  secondFactorPrompt,
} from './two-factor-prompt.ts';
import type { TwoFactorService } from './two-factor-service.ts';

const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
const SESSION_TTL_SECONDS = 12 * 60 * 60;

export interface ProviderOptions {
  db: Kysely<Database>;
  issuer: string;
  publicUrl: string;
  clientId: string;
  audience: string;
  secrets: Secrets;
  twoFactor: TwoFactorService;
  /** The app's clock: the provider session's lifetime counts from a sign-in time written on it. */
  now: () => Date;
}

/** The custom consent check: every authorization must be bound to one organization by our interaction. */
const ORGANIZATION_CHECK = 'lynk_organization_unbound';

function interactions(db: Kysely<Database>, twoFactor: TwoFactorService) {
  const { Check, base } = interactionPolicy;
  const policy = base();
  // After the password, before the organization: the second factor (ADR 030).
  policy.add(secondFactorPrompt(db, twoFactor), 1);
  // Tokens carry one organization. Each authorization request goes through our (invisible) consent
  // step, which checks the requested `organization` against the user's memberships and records it
  // on a fresh grant; switching organization is then just a new authorization (silent when the
  // provider session is alive).
  policy.get('consent')!.checks.add(
    new Check(ORGANIZATION_CHECK, 'the organization has not been confirmed for this request', (ctx) => {
      const result = ctx.oidc.result as { lynkOrganization?: string } | undefined;
      return result?.lynkOrganization ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  return {
    policy,
    url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/oidc/interaction/${interaction.uid}`,
  };
}

export function createProvider(options: ProviderOptions): Provider {
  const { db, audience } = options;

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.secrets.oidcClientSecret,
        redirect_uris: [`${options.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${options.publicUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        require_auth_time: true,
      },
    ],
    jwks: { keys: [options.secrets.signingKey as never] },
    cookies: { keys: options.secrets.providerCookieKeys },
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'offline_access'],
    // Every ID token says how the user signed in (acr, amr) and when (auth_time, through the
    // client's require_auth_time): the portal's step-up rule reads them (ADR 030).
    claims: { openid: ['sub', 'acr', 'amr'], profile: ['name', 'email'] },
    extraParams: ['organization', STEP_UP_PARAM, ENROL_PARAM],
    acrValues: [ACR_PASSWORD, ACR_TWO_FACTOR],
    async findAccount(_ctx, sub) {
      const user = await findUserByAuthId(db, sub);
      if (!user || user.disabled) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, name: user.display_name, email: user.email }),
      };
    },
    interactions: interactions(db, options.twoFactor),
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // Only the client a token was issued to may revoke it.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'portal',
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You have been signed out.', {
            href: '/',
            text: 'Sign in again',
          });
        },
      },
    },
    // The portal is a confidential, first-party client: it gets a rotating refresh token whether
    // or not the consent prompt ran (offline_access would otherwise need prompt=consent).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    expiresWithSession: async () => false,
    async extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken' || !token.grantId || !token.accountId) return undefined;
      const organizationId = await findGrantOrganization(db, token.grantId);
      const membership = organizationId && (await findMembership(db, token.accountId, organizationId));
      // A removed or deactivated membership stops new tokens (refreshes fail) at once.
      if (!membership) throw new errors.InvalidGrant('membership is no longer active');
      // RFC 9068: when and how the user signed in, so a bearer caller's step-up can be checked too.
      const source = ctx?.oidc.entities.AuthorizationCode ?? ctx?.oidc.entities.RefreshToken;
      return {
        ...(source?.authTime ? { auth_time: source.authTime } : {}),
        ...(source?.amr ? { amr: source.amr } : {}),
        org_id: membership.organization_id,
        merchant_id: membership.merchant_id,
        role: membership.role_name,
        role_id: membership.role_id,
        displayName: membership.display_name,
        authID: membership.auth_id,
        email: membership.email,
        user_id: membership.user_id,
        permissions: membership.permissions,
      };
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 10 * 60,
      Grant: SESSION_TTL_SECONDS,
      // Idle like the portal's session, not 12 hours: an idle portal must not be silently revived.
      Session: (_ctx, session) => providerSessionTtl(session, options.now().getTime() / 1000),
      RefreshToken: SESSION_TTL_SECONDS,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const message =
        typeof out.error_description === 'string'
          ? out.error_description
          : 'The sign-in request could not be completed.';
      ctx.body = messagePage('Sign-in problem', message, { href: '/', text: 'Back to the portal' });
    },
  };

  const provider = new Provider(options.issuer, configuration);
  if (options.publicUrl.startsWith('https://')) provider.proxy = true;
  return provider;
}
