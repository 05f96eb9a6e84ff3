import { importJWK, SignJWT, type JWK } from 'jose';

/** The claims of the demo Kingston cashier's access token, as the identity provider issues them. */
export const CASHIER_CLAIMS = {
  user_id: 4,
  authID: 'lynk|demo-cashier.kingston',
  role: 'Cashier',
  role_id: 3,
  displayName: 'Jodi Henry',
  email: 'cashier.kingston@bluemountain.example',
  org_id: 'org_1001',
  merchant_id: 1001,
  permissions: ['read:owned-orders'],
};

/** An RS256 access token signed with `key` (seconds since the epoch for the times). */
export async function signAccessToken(
  key: JWK,
  options: {
    issuer: string;
    audience: string;
    expiresAt: number;
    issuedAt?: number;
    claims?: typeof CASHIER_CLAIMS;
  },
): Promise<string> {
  const claims = options.claims ?? CASHIER_CLAIMS;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid! })
    .setSubject(claims.authID)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresAt)
    .sign(await importJWK(key, 'RS256'));
}
