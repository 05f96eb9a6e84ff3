import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTVerifyGetKey } from 'jose';
import { sessionIdentitySchema, type SessionIdentity } from '@lynk/contract/session';
import { z } from 'zod';

/** Claims our access tokens carry (see the provider's extraTokenClaims). */
const accessTokenClaims = z.object({
  sub: z.string(),
  user_id: z.number().int(),
  authID: z.string(),
  role: z.string(),
  role_id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  org_id: z.string(),
  merchant_id: z.number().int(),
  permissions: z.array(z.string()),
  exp: z.number(),
});

export interface VerifiedAccessToken {
  identity: SessionIdentity;
  expiresAt: Date;
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<VerifiedAccessToken>;
}

/**
 * Verifies RS256 access tokens from our issuer for our audience. Anything else — another
 * algorithm, `alg: none`, a foreign audience, an expired token — throws.
 */
export function createAccessTokenVerifier(options: {
  issuer: string;
  audience: string;
  publicKeys?: JWK[];
  jwksUri?: string;
}): AccessTokenVerifier {
  let keys: JWTVerifyGetKey;
  if (options.publicKeys) keys = createLocalJWKSet({ keys: options.publicKeys });
  else if (options.jwksUri) keys = createRemoteJWKSet(new URL(options.jwksUri));
  else throw new Error('An access-token verifier needs public keys or a JWKS address.');

  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
      });
      const claims = accessTokenClaims.parse(payload);
      const identity = sessionIdentitySchema.parse({
        id: String(claims.user_id),
        authID: claims.authID,
        role: claims.role,
        role_id: claims.role_id,
        displayName: claims.displayName,
        email: claims.email,
        org_id: claims.org_id,
        merchant_id: claims.merchant_id,
        permissions: claims.permissions,
      });
      return { identity, expiresAt: new Date(claims.exp * 1000) };
    },
  };
}

/** The public half of an RSA private JWK. */
export function publicJwk(privateJwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = privateJwk;
  return { kty, n, e, kid, alg, use };
}
