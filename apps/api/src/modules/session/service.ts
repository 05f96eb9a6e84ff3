import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES, type SessionIdentity } from '@lynk/contract/session';
import type { Database } from '../../db/schema.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { openChangeFeed, type ChangeChannel, type ChangeFeed } from '../../db/change-feed.ts';
import { recordAudit } from '../audit/index.ts';
import { authenticationFromClaims, type Authentication } from '../../plugins/authentication.ts';
import { announceMemberChange } from './bearer-memberships.ts';
import { createIdentityCache } from './identity-cache.ts';
import type { OidcClient } from './oidc-client.ts';
import { deleteExpiredSessions, deleteSession, findSessionHashesOfUser, touchSession } from './repository.ts';
import { createSealedSessions, type OpenSession } from './sealed-sessions.ts';
import { memoByString } from '../../lib/memo.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { AccessTokenVerifier, VerifiedAccessToken } from './tokens.ts';

const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * 60 * 1000;
export const SESSION_ABSOLUTE_MS = SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000;
/** Refresh a little before expiry so a request never carries a token that dies mid-flight. */
const REFRESH_MARGIN_MS = 30 * 1000;
/** last_seen_at is written at most this often, to keep reads from turning into writes. */
const TOUCH_EVERY_MS = 30 * 1000;

/** Session ids whose hash is remembered, as many as identities (identity-cache.ts). */
const REMEMBERED_ID_HASHES = 10_000;

/**
 * How a session's row is found: by its id's SHA-256 (the database never holds the id itself).
 * Every signed-in request looks its session up, so each id's hash is worked out once.
 */
export const sessionIdHash = memoByString(hashToken, REMEMBERED_ID_HASHES);

/** What the sign-in keeps in its short-lived cookie between the redirect to the provider and the callback. */
export interface LoginState {
  state: string;
  verifier: string;
  returnTo: string;
  org?: string | undefined;
  /** A step-up or an enrolment: the new session keeps the one it replaces' absolute expiry. */
  reauth?: boolean | undefined;
}

/** Why an authorization is started for a live session besides a branch switch (ADR 030). */
export type Reauthorization = 'step-up' | 'enrol';

/** Who a session is and when they last proved it. */
export interface ResolvedSession {
  identity: SessionIdentity;
  authentication: Authentication;
}

/**
 * The identity provider's own session behind a portal session, found through the session's
 * refresh token. Only the embedded provider offers it; an external one ends its session when the
 * browser visits its end-session address, and `prompt=login` covers the rest.
 */
interface ProviderSessions {
  /** Gives the provider session another idle period: the portal session is in use. */
  keepAlive(refreshToken: string): Promise<void>;
  /** Ends it: the next sign-in there needs the password again. */
  end(refreshToken: string): Promise<void>;
}

export interface SessionServiceOptions {
  db: Kysely<Database>;
  oidc: OidcClient;
  verifier: AccessTokenVerifier;
  cipher: TokenCipher;
  providerSessions?: ProviderSessions | undefined;
  publicUrl: string;
  audience: string;
  /** How long a checked session's identity is remembered (0: checked on every request). */
  identityCacheMs?: number;
  /** The app's clock (`app.clock`): idle and absolute lifetimes are judged on it. */
  now: () => Date;
}

/** Where the database announces each deleted session (migration 0020). */
const SESSION_ENDS: ChangeChannel = { channel: 'session_ends', applicationName: 'lynk-session-ends' };

export function createSessionService(options: SessionServiceOptions) {
  const { db, oidc, verifier, publicUrl, audience, providerSessions, now } = options;
  const redirectUri = `${publicUrl}/auth/callback`;
  const store = createSealedSessions(db, options.cipher);
  const identities = createIdentityCache<ResolvedSession>(options.identityCacheMs ?? 0, () =>
    now().getTime(),
  );

  /**
   * `fresh`: no live portal session. Then the provider must ask for the password (`prompt=login`)
   * even if its own session is still alive: the portal's idle timeout and logout mean a password,
   * not a silent round trip. A live session re-authorizing for another branch stays silent.
   */
  async function beginLogin(input: {
    returnTo: string;
    org?: string | undefined;
    fresh: boolean;
    reauth?: Reauthorization | undefined;
  }) {
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
      ...(input.fresh ? { prompt: 'login' } : {}),
      ...(input.reauth === 'step-up' ? { step_up: '1' } : {}),
      ...(input.reauth === 'enrol' ? { enrol_two_factor: '1' } : {}),
    });
    const loginState: LoginState = {
      state,
      verifier: verifierValue,
      returnTo: input.returnTo,
      org: input.org,
      ...(input.reauth ? { reauth: true } : {}),
    };
    return { url: url.href, loginState };
  }

  /**
   * Exchanges the code, verifies the access token and opens a session. Returns the cookie value.
   * A re-authorization of the same user keeps the replaced session's absolute expiry.
   */
  async function completeLogin(
    callbackUrl: URL,
    loginState: LoginState,
    ip: string,
    previousSessionId?: string | undefined,
  ) {
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
    const authentication = authenticationFromClaims(tokens.claims() ?? {});
    const previous =
      loginState.reauth && previousSessionId ? await store.find(sessionIdHash(previousSessionId)) : undefined;
    const keepExpiry = previous && previous.user_id === Number(identity.id) && previous.expires_at > at;
    await store.insert({
      id_hash: sessionIdHash(sessionId),
      user_id: Number(identity.id),
      organization_id: identity.org_id,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? null,
      id_token: tokens.id_token ?? null,
      access_expires_at: expiresAt,
      last_seen_at: at,
      expires_at: keepExpiry ? previous.expires_at : new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      authenticated_at: authentication.authenticatedAt,
      second_factor_at: authentication.secondFactorAt,
    });
    await recordAudit(db, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'auth.session_started',
      subject: identity.authID,
      details: { second_factor: authentication.secondFactorAt !== null, reauth: Boolean(loginState.reauth) },
      ip,
    });
    return { sessionId, identity };
  }

  /**
   * The identity behind a session cookie, or null when the session is unknown, idle for too long,
   * past its absolute lifetime, or its tokens can no longer be refreshed.
   */
  async function resolve(sessionId: string): Promise<ResolvedSession | null> {
    const idHash = sessionIdHash(sessionId);
    const remembered = identities.get(idHash);
    if (remembered) return remembered;
    const session = await store.find(idHash);
    if (!session) return null;
    const at = now();
    if (session.expires_at <= at || at.getTime() - session.last_seen_at.getTime() > SESSION_IDLE_MS) {
      await end(session);
      return null;
    }
    const tokens = await freshTokens(session, at);
    if (!tokens) {
      await deleteSession(db, idHash);
      return null;
    }
    if (at.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await touchSession(db, idHash, at);
      if (session.refresh_token) await providerSessions?.keepAlive(session.refresh_token);
    }
    const resolved: ResolvedSession = {
      identity: tokens.identity,
      authentication: { authenticatedAt: session.authenticated_at, secondFactorAt: session.second_factor_at },
    };
    // Remembered for a moment, never past the point where the access token must be refreshed.
    identities.set(idHash, resolved, tokens.expiresAt.getTime() - REFRESH_MARGIN_MS);
    return resolved;
  }

  /** Ends a portal session everywhere: its row, its refresh token and the provider's session. */
  async function end(session: OpenSession) {
    identities.forget(session.id_hash);
    await deleteSession(db, session.id_hash);
    if (!session.refresh_token) return;
    await providerSessions?.end(session.refresh_token);
    await revoke(session.refresh_token);
  }

  async function revoke(refreshToken: string) {
    const config = await oidc.load();
    // Best effort: the provider may be unreachable or have dropped the token already.
    await client.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' }).catch(() => {});
  }

  // One refresh per session at a time: rotation makes a second use of the same refresh token a
  // "reuse", which the provider answers by revoking the grant — parallel page requests at expiry
  // would sign the user out.
  const refreshing = new Map<string, Promise<VerifiedAccessToken | null>>();

  async function freshTokens(session: OpenSession, at: Date): Promise<VerifiedAccessToken | null> {
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

  async function refresh(session: OpenSession): Promise<VerifiedAccessToken | null> {
    try {
      const config = await oidc.load();
      const refreshed = await client.refreshTokenGrant(config, session.refresh_token!, {
        resource: audience,
      });
      const verified = await verifier.verify(refreshed.access_token);
      await store.updateTokens(session.id_hash, {
        access_token: refreshed.access_token,
        refresh_token: refreshed.refresh_token ?? session.refresh_token,
        access_expires_at: verified.expiresAt,
        id_token: refreshed.id_token ?? null,
      });
      return verified;
    } catch {
      // Another server may have rotated the token first: its fresh tokens are in the row now.
      const current = await store.find(session.id_hash);
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
    const session = await store.find(sessionIdHash(sessionId));
    if (!session) return home;
    await end(session);
    await recordAudit(db, {
      actorUserId: session.user_id,
      organizationId: session.organization_id,
      action: 'auth.logout',
      ip,
    });
    const config = await oidc.load();
    if (!config.serverMetadata().end_session_endpoint) return home;
    // client_id rather than id_token_hint: this address goes to the browser, tokens never do.
    return client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: home,
      client_id: config.clientMetadata().client_id,
    }).href;
  }

  /**
   * The session a new sign-in replaces (another branch, the same browser): its row goes and its
   * refresh token is revoked at the provider, but the provider's session lives on for the new one.
   */
  async function replace(sessionId: string) {
    const session = await store.find(sessionIdHash(sessionId));
    if (!session) return;
    identities.forget(session.id_hash);
    await deleteSession(db, session.id_hash);
    if (session.refresh_token) await revoke(session.refresh_token);
  }

  /**
   * Ends every session of a user at once (staff deactivated, deleted or given another role): the
   * rows, the remembered identities, the provider's sessions and refresh tokens, and on every
   * server the bearer tokens' confirmed memberships (bearer-memberships.ts). Their next call is
   * unauthenticated; signing in again gets tokens with what the membership is now.
   */
  async function endUserSessions(userId: number) {
    await announceMemberChange(db, userId);
    for (const idHash of await findSessionHashesOfUser(db, userId)) {
      const session = await store.find(idHash);
      if (session) await end(session);
      else {
        identities.forget(idHash);
        await deleteSession(db, idHash);
      }
    }
  }

  /**
   * Hears the database announce every deleted session (migration 0020), whichever server deleted
   * it, and forgets the identity remembered for it: a sign-out or a staff change on one instance
   * of a fleet ends the session on all of them at once, not `identityCacheMs` later.
   */
  function listen(database: DatabaseHandle, lost: (error: unknown) => void): Promise<ChangeFeed> {
    return openChangeFeed(
      database,
      { changed: (idHash) => identities.forget(idHash), live: () => identities.clear(), lost },
      SESSION_ENDS,
    );
  }

  return { beginLogin, completeLogin, resolve, logout, replace, endUserSessions, listen };
}

/** Sessions past their absolute lifetime or idle for longer than the idle limit. */
export function purgeExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteExpiredSessions(db, now, new Date(now.getTime() - SESSION_IDLE_MS));
}

export type SessionService = ReturnType<typeof createSessionService>;
