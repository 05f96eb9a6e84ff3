import type { SessionIdentity } from '@lynk/contract/session';

/** Entries remembered at once; past it the oldest is forgotten first (and checked again when used). */
const MAX_ENTRIES = 10_000;

/**
 * Who a session is, remembered for a few seconds after the session row, its tokens and the access
 * token's signature were checked (ADR 025): the requests of a page arrive in bursts, and each would
 * otherwise repeat a database read, two decryptions and an RSA verification. An entry never
 * outlives its access token, and ending a session forgets it at once on every server that hears
 * the database announce the row's deletion (migration 0020); a server not listening, or a session
 * made idle by editing its row, sees it at the latest `ttlMs` later.
 */
export function createIdentityCache<T = SessionIdentity>(ttlMs: number, now: () => number) {
  const entries = new Map<string, { identity: T; until: number }>();
  return {
    get(idHash: string): T | null {
      const entry = entries.get(idHash);
      if (!entry) return null;
      if (entry.until <= now()) {
        entries.delete(idHash);
        return null;
      }
      return entry.identity;
    },
    /** Remembers a checked identity until `ttlMs` from now, or `validUntil` if that comes first. */
    set(idHash: string, identity: T, validUntil: number) {
      if (ttlMs <= 0) return;
      entries.delete(idHash);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(idHash, { identity, until: Math.min(now() + ttlMs, validUntil) });
    },
    forget(idHash: string) {
      entries.delete(idHash);
    },
    /** Forgets everything (the announcements stopped or resumed: some may have been missed). */
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
