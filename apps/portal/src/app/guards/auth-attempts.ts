/**
 * Memory of the recent full-page trips through the sign-in, kept in sessionStorage (per tab) so a
 * sign-in that cannot stick (cookies blocked, a refused organisation) cannot bounce the browser
 * back and forth forever. One return without a session is normal — the user pressed Back on the
 * sign-in page — so only a second quick return of the same kind counts as a loop.
 */

export type AuthAttemptKind = 'login' | 'reauth';

interface AuthAttempt {
  kind: AuthAttemptKind;
  /** The organisation asked for, `null` for the user's default one. */
  org: string | null;
  at: number;
  /** Trips of this kind for this organisation inside the window, this one included. */
  count: number;
}

/** The trip that would be the third in a row is not taken. */
const MAX_TRIPS_IN_WINDOW = 2;

const STORAGE_KEY = 'lynk.portal.auth-attempt';

/** A return from the identity provider this soon after leaving is the answer to that trip. */
const ATTEMPT_WINDOW_MS = { login: 30_000, reauth: 120_000 } as const;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readAuthAttempt(): AuthAttempt | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthAttempt>;
    if ((value.kind === 'login' || value.kind === 'reauth') && typeof value.at === 'number') {
      return {
        kind: value.kind,
        org: typeof value.org === 'string' ? value.org : null,
        at: value.at,
        count: typeof value.count === 'number' ? value.count : 1,
      };
    }
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

export function recordAuthAttempt(kind: AuthAttemptKind, org: string | null, now = Date.now()): void {
  const previous = readAuthAttempt();
  const count = previous && sameTrip(previous, kind, org, now) ? previous.count + 1 : 1;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ kind, org, at: now, count } satisfies AuthAttempt));
  } catch {
    // Storage may be full or disabled; the guard then simply cannot detect a loop.
  }
}

export function clearAuthAttempt(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // See recordAuthAttempt.
  }
}

function sameTrip(attempt: AuthAttempt, kind: AuthAttemptKind, org: string | null, now: number) {
  return attempt.kind === kind && attempt.org === org && now - attempt.at < ATTEMPT_WINDOW_MS[kind];
}

/** True when the same trip already came back without effect too often just now: a loop. */
export function isRecentAttempt(kind: AuthAttemptKind, org: string | null, now = Date.now()): boolean {
  const attempt = readAuthAttempt();
  return attempt !== null && sameTrip(attempt, kind, org, now) && attempt.count >= MAX_TRIPS_IN_WINDOW;
}
