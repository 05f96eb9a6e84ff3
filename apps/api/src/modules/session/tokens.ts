import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTVerifyGetKey } from 'jose';
import { sessionIdentitySchema, type SessionIdentity } from '@lynk/contract/session';
import { z } from 'zod/mini';
import { authenticationFromClaims, type Authentication } from '../../plugins/authentication.ts';
import { createIdentityCache } from './identity-cache.ts';
import { realClock } from '../../lib/clock.ts';

/** Claims our access tokens carry (see the provider's extraTokenClaims): the identity plus JWT basics. */
const accessTokenClaims = z.extend(z.omit(sessionIdentitySchema, { id: true }), {
  sub: z.string(),
  user_id: z.number().check(z.int()),
  exp: z.number(),
  auth_time: z.optional(z.number()),
  amr: z.optional(z.array(z.string())),
});

export interface VerifiedAccessToken {
  identity: SessionIdentity;
  expiresAt: Date;
  /** From the token's own `auth_time`/`amr` (RFC 9068), for bearer callers; sessions keep their own. */
  authentication: Authentication;
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<VerifiedAccessToken>;
}

/** No access token lives longer than this; a remembered one is dropped at its `exp` or after this. */
const LONGEST_REMEMBERED_MS = 60 * 60 * 1000;

/**
 * Verifies RS256 access tokens from our issuer for our audience. Anything else — another
 * algorithm, `alg: none`, a foreign audience, an expired token — throws.
 *
 * A verified token is remembered, by its exact text, until its `exp`: an integration calls with
 * the same bearer token many times a second, and the RSA verification and claim parsing would
 * otherwise be most of a cached listing's cost. Only a byte-identical token hits, so a changed
 * signature or claim is verified afresh; bearer tokens are stateless, so remembering one revokes
 * nothing later than the token itself would. Whether its membership still holds is checked on
 * every call, after this (bearer-memberships.ts).
 */
export function createAccessTokenVerifier(options: {
  issuer: string;
  audience: string;
  publicKeys?: JWK[];
  jwksUri?: string;
  now?: () => number;
}): AccessTokenVerifier {
  // The provider library stamps a token's `exp` on real time: it is checked on real time too.
  const now = options.now ?? (() => realClock().getTime());
  const verified = createIdentityCache<VerifiedAccessToken>(LONGEST_REMEMBERED_MS, now);
  let keys: JWTVerifyGetKey;
  if (options.publicKeys) keys = createLocalJWKSet({ keys: options.publicKeys });
  else if (options.jwksUri) keys = createRemoteJWKSet(new URL(options.jwksUri));
  else throw new Error('An access-token verifier needs public keys or a JWKS address.');

  return {
    async verify(token) {
      const remembered = verified.get(token);
      if (remembered) return remembered;
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(now()),
      });
      const { sub: _sub, user_id, exp, auth_time, amr, ...claims } = accessTokenClaims.parse(payload);
      const identity: SessionIdentity = { id: String(user_id), ...claims };
      const result = {
        identity,
        expiresAt: new Date(exp * 1000),
        authentication: authenticationFromClaims({ auth_time, amr }),
      };
      verified.set(token, result, exp * 1000);
      return result;
    },
  };
}

/** The public half of an RSA private JWK. */
export function publicJwk(privateJwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = privateJwk;
  return { kty, n, e, kid, alg, use };
}
