/**
 * Memory of the last full-page trip through the sign-in, kept in sessionStorage (per tab) so a
 * refused sign-in or organisation switch cannot bounce the browser back and forth forever.
 */

export type AuthAttemptKind = 'login' | 'reauth';

export interface AuthAttempt {
  kind: AuthAttemptKind;
  /** The organisation asked for, `null` for the user's default one. */
  org: string | null;
  at: number;
}

const STORAGE_KEY = 'lynk.portal.auth-attempt';

/** A return from the identity provider this soon after leaving is the answer to that trip. */
export const ATTEMPT_WINDOW_MS = { login: 30_000, reauth: 120_000 } as const;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readAuthAttempt(): AuthAttempt | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthAttempt>;
    if ((value.kind === 'login' || value.kind === 'reauth') && typeof value.at === 'number') {
      return { kind: value.kind, org: typeof value.org === 'string' ? value.org : null, at: value.at };
    }
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

export function recordAuthAttempt(kind: AuthAttemptKind, org: string | null): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ kind, org, at: Date.now() } satisfies AuthAttempt));
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

/** True when we just came back from the same kind of trip for the same organisation. */
export function isRecentAttempt(kind: AuthAttemptKind, org: string | null, now = Date.now()): boolean {
  const attempt = readAuthAttempt();
  return (
    attempt !== null &&
    attempt.kind === kind &&
    attempt.org === org &&
    now - attempt.at < ATTEMPT_WINDOW_MS[kind]
  );
}
