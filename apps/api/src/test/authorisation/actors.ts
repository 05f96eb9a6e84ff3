import type { SessionIdentity } from '@lynk/contract/session';
import { authenticationFromClaims, isRecentlyAuthenticated } from '../../plugins/authentication.ts';
import { DEMO_CUSTOMER } from '../../world/demo-consumers.ts';
import { DEMO_PASSWORD, EMAIL_DOMAIN } from '../../world/demo-seed.ts';
import { signInCustomer } from '../pay-links.ts';
import { signAccessToken, signIn, type TestApp } from '../test-app.ts';

/** The headers every call of the matrix sends: the portal's CSRF header, as its pages do. */
export const CSRF = { 'x-lynk-csrf': '1' };

/** One kind of caller of the matrix, signed in once (to the Kingston branch when staff). */
export interface Actor {
  name: string;
  kind: 'anonymous' | 'customer' | 'staff';
  /** What the caller sends to prove who they are (a cookie or an Authorization header). */
  credentials: Record<string, string>;
  /** A staff member's identity as the API sees it (permissions and role from their membership). */
  identity: SessionIdentity | null;
  /** Whether the caller proved who they are recently enough for a step-up route (ADR 030). */
  recentlyAuthenticated: boolean;
}

const OWN_ORG = 'org_1001';

const email = (local: string) => `${local}@${EMAIL_DOMAIN}`;

async function sessionActor(t: TestApp, name: string, local: string): Promise<Actor> {
  const flow = await signIn(t.app, email(local), DEMO_PASSWORD, { org: OWN_ORG });
  const cookie = flow.jar.header();
  const session = await t.app.inject({ url: '/api/session', headers: { cookie } });
  if (session.statusCode !== 200) throw new Error(`${local} could not sign in: ${session.body}`);
  // Just signed in: admins with their second factor, the others with their password (ADR 030).
  return {
    name,
    kind: 'staff',
    credentials: { cookie },
    identity: session.json(),
    recentlyAuthenticated: true,
  };
}

/**
 * A bearer token as the provider issues it to an integration acting for the Kingston admin: the
 * claims of their membership, with when and how they signed in (`auth_time`, `amr`).
 */
export async function bearerFor(
  t: TestApp,
  identity: SessionIdentity,
  amr: readonly string[] = ['pwd', 'otp'],
): Promise<string> {
  const { id, ...claims } = identity;
  const token = await signAccessToken(t, {
    ...claims,
    user_id: Number(id),
    auth_time: Math.floor(Date.now() / 1000),
    amr,
  });
  return `Bearer ${token}`;
}

/** A bearer caller; whether it may step up is the app's own rule on its claims (ADR 030). */
async function bearerActor(
  t: TestApp,
  name: string,
  identity: SessionIdentity,
  amr: readonly string[],
): Promise<Actor> {
  const authentication = authenticationFromClaims({ auth_time: Math.floor(Date.now() / 1000), amr });
  return {
    name,
    kind: 'staff',
    credentials: { authorization: await bearerFor(t, identity, amr) },
    identity,
    recentlyAuthenticated: isRecentlyAuthenticated(authentication, identity.role, new Date()),
  };
}

/** Every kind of caller, each signed in once. */
export async function signInActors(t: TestApp): Promise<Actor[]> {
  const cashier = await sessionActor(t, 'cashier', 'cashier.kingston');
  const manager = await sessionActor(t, 'manager', 'manager.kingston');
  const admin = await sessionActor(t, 'admin', 'admin.kingston');
  const superAdmin = await sessionActor(t, 'super admin', 'superadmin');
  const noAccess = await sessionActor(t, 'no-permission role', 'noaccess');
  const customer = await signInCustomer(t.app, { email: DEMO_CUSTOMER.email, password: DEMO_PASSWORD });
  if (customer.response.statusCode !== 200)
    throw new Error(`The customer could not sign in: ${customer.response.body}`);
  return [
    { name: 'anonymous', kind: 'anonymous', credentials: {}, identity: null, recentlyAuthenticated: false },
    {
      name: 'customer',
      kind: 'customer',
      credentials: { cookie: customer.cookie },
      identity: null,
      recentlyAuthenticated: false,
    },
    cashier,
    manager,
    admin,
    superAdmin,
    noAccess,
    await bearerActor(t, 'bearer token', admin.identity!, ['pwd', 'otp']),
    // The admin's token from a sign-in with no second factor: refused where money leaves or staff change.
    await bearerActor(t, 'bearer token without a second factor', admin.identity!, ['pwd']),
  ];
}
