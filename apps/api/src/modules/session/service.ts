import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/service.ts';
import type { OidcClient } from './oidc-client.ts';
import {
  deleteSession,
  findSession,
  insertSession,
  touchSession,
  updateSessionTokens,
  type StoredSession,
} from './repository.ts';
import type { AccessTokenVerifier, VerifiedAccessToken } from './tokens.ts';

export const SESSION_IDLE_MS = 15 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Refresh a little before expiry so a request never carries a token that dies mid-flight. */
const REFRESH_MARGIN_MS = 30 * 1000;
/** last_seen_at is written at most this often, to keep reads from turning into writes. */
const TOUCH_EVERY_MS = 30 * 1000;

export interface LoginState {
  state: string;
  verifier: string;
  returnTo: string;
  org?: string | undefined;
}

export interface SessionServiceOptions {
  db: Kysely<Database>;
  oidc: OidcClient;
  verifier: AccessTokenVerifier;
  publicUrl: string;
  audience: string;
  now?: () => Date;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');

export function createSessionService(options: SessionServiceOptions) {
  const { db, oidc, verifier, publicUrl, audience } = options;
  const now = options.now ?? (() => new Date());
  const redirectUri = `${publicUrl}/auth/callback`;

  async function beginLogin(input: { returnTo: string; org?: string | undefined }) {
    const config = await oidc.load();
    const verifierValue = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(verifierValue),
      code_challenge_method: 'S256',
      state,
      resource: audience,
      ...(input.org ? { organization: input.org } : {}),
    });
    const loginState: LoginState = {
      state,
      verifier: verifierValue,
      returnTo: input.returnTo,
      org: input.org,
    };
    return { url: url.href, loginState };
  }

  /** Exchanges the code, verifies the access token and opens a session. Returns the cookie value. */
  async function completeLogin(callbackUrl: URL, loginState: LoginState, ip: string) {
    const config = await oidc.load();
    const tokens = await client.authorizationCodeGrant(
      config,
      callbackUrl,
      { pkceCodeVerifier: loginState.verifier, expectedState: loginState.state, idTokenExpected: true },
      { resource: audience },
    );
    const { identity, expiresAt } = await verifier.verify(tokens.access_token);
    const sessionId = randomBytes(32).toString('base64url');
    const at = now();
    await insertSession(db, {
      id_hash: hashSessionId(sessionId),
      user_id: Number(identity.id),
      organization_id: identity.org_id,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? null,
      id_token: tokens.id_token ?? null,
      access_expires_at: expiresAt,
      last_seen_at: at,
      expires_at: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
    });
    await recordAudit(db, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'auth.session_started',
      subject: identity.authID,
      ip,
    });
    return { sessionId, identity };
  }

  /**
   * The identity behind a session cookie, or null when the session is unknown, idle for too long,
   * past its absolute lifetime, or its tokens can no longer be refreshed.
   */
  async function resolve(sessionId: string): Promise<SessionIdentity | null> {
    const idHash = hashSessionId(sessionId);
    const session = await findSession(db, idHash);
    if (!session) return null;
    const at = now();
    if (session.expires_at <= at || at.getTime() - session.last_seen_at.getTime() > SESSION_IDLE_MS) {
      await deleteSession(db, idHash);
      return null;
    }
    const tokens = await freshTokens(session, at);
    if (!tokens) {
      await deleteSession(db, idHash);
      return null;
    }
    if (at.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await touchSession(db, idHash, at);
    return tokens.identity;
  }

  // One refresh per session at a time: rotation makes a second use of the same refresh token a
  // "reuse", which the provider answers by revoking the grant — parallel page requests at expiry
  // would sign the user out.
  const refreshing = new Map<string, Promise<VerifiedAccessToken | null>>();

  async function freshTokens(session: StoredSession, at: Date): Promise<VerifiedAccessToken | null> {
    if (session.access_expires_at.getTime() - REFRESH_MARGIN_MS > at.getTime()) {
      return verifier.verify(session.access_token).catch(() => null);
    }
    if (!session.refresh_token) return null;
    let flight = refreshing.get(session.id_hash);
    if (!flight) {
      flight = refresh(session).finally(() => refreshing.delete(session.id_hash));
      refreshing.set(session.id_hash, flight);
    }
    return flight;
  }

  async function refresh(session: StoredSession): Promise<VerifiedAccessToken | null> {
    try {
      const config = await oidc.load();
      const refreshed = await client.refreshTokenGrant(config, session.refresh_token!, {
        resource: audience,
      });
      const verified = await verifier.verify(refreshed.access_token);
      await updateSessionTokens(db, session.id_hash, {
        access_token: refreshed.access_token,
        refresh_token: refreshed.refresh_token ?? session.refresh_token,
        access_expires_at: verified.expiresAt,
        id_token: refreshed.id_token ?? null,
      });
      return verified;
    } catch {
      // Another server may have rotated the token first: its fresh tokens are in the row now.
      const current = await findSession(db, session.id_hash);
      if (current && current.refresh_token !== session.refresh_token) {
        return verifier.verify(current.access_token).catch(() => null);
      }
      return null;
    }
  }

  /** Ends the session here and returns where the browser goes to end it at the provider. */
  async function logout(sessionId: string | undefined, ip: string): Promise<string> {
    const home = `${publicUrl}/`;
    if (!sessionId) return home;
    const idHash = hashSessionId(sessionId);
    const session = await findSession(db, idHash);
    if (!session) return home;
    await deleteSession(db, idHash);
    await recordAudit(db, {
      actorUserId: session.user_id,
      organizationId: session.organization_id,
      action: 'auth.logout',
      ip,
    });
    const config = await oidc.load();
    if (session.refresh_token) {
      await client
        .tokenRevocation(config, session.refresh_token, { token_type_hint: 'refresh_token' })
        .catch(() => {});
    }
    if (!config.serverMetadata().end_session_endpoint) return home;
    // client_id rather than id_token_hint: this address goes to the browser, tokens never do.
    return client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: home,
      client_id: config.clientMetadata().client_id,
    }).href;
  }

  async function discard(sessionId: string) {
    await deleteSession(db, hashSessionId(sessionId));
  }

  return { beginLogin, completeLogin, resolve, logout, discard };
}

export type SessionService = ReturnType<typeof createSessionService>;
