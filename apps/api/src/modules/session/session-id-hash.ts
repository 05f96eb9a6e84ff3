import { memoByString } from '../../lib/memo.ts';
import { hashToken } from '../../lib/token-hash.ts';

/** Session ids whose hash is remembered, as many as identities (identity-cache.ts). */
const REMEMBERED_ID_HASHES = 10_000;

/**
 * How a session's row is found: by its id's SHA-256 (the database never holds the id itself).
 * Every signed-in request looks its session up, so each id's hash is worked out once.
 */
export const sessionIdHash = memoByString(hashToken, REMEMBERED_ID_HASHES);
