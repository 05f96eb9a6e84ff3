import { importJWK, SignJWT } from 'jose';
import { ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '../packages/contract/src/roles.ts';
import type { Config } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/transaction.ts';
import type { Secrets } from '../apps/api/src/lib/secrets.ts';

/** The demo's Kingston branch, whose staff the benches act as. */
export const KINGSTON = 1001;

/**
 * A bearer header for a Kingston staff member, looked up by their demo email and signed with the
 * server's own key as the identity provider signs one: the benches call the app without the
 * sign-in's round trips. `stepUp`: signed in with a code just now (approving is under step-up,
 * ADR 030).
 */
export async function kingstonBearer(
  { db, config, secrets }: { db: Db; config: Config; secrets: Secrets },
  email: string,
  roleId: RoleId,
  options: { stepUp?: boolean } = {},
) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const token = await new SignJWT({
    user_id: user.id,
    authID: 'bench',
    role: ROLE_NAMES[roleId],
    role_id: roleId,
    displayName: user.display_name,
    email,
    org_id: `org_${KINGSTON}`,
    merchant_id: KINGSTON,
    permissions: [...ROLE_PERMISSIONS[roleId]],
    ...(options.stepUp ? { auth_time: Math.floor(Date.now() / 1000), amr: ['pwd', 'otp'] } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid! })
    .setSubject(`bench-${user.id}`)
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setIssuedAt()
    .setExpirationTime('4h')
    .sign(await importJWK(secrets.signingKey, 'RS256'));
  return { authorization: `Bearer ${token}` };
}
