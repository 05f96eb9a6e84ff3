import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findSession, insertSession, updateSessionTokens, type StoredSession } from './repository.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';

/** A session row with its tokens readable: only ever in memory. */
export type OpenSession = StoredSession;

type Tokens = Pick<OpenSession, 'access_token' | 'refresh_token' | 'access_expires_at'> & {
  id_token?: string | null;
};

/**
 * The session rows as the service sees them, with the provider's tokens sealed on the way to the
 * table and opened on the way back. A row whose tokens do not open (another key, a row from
 * before encryption, tampering) counts as no session: the user signs in again.
 */
export function createSealedSessions(db: Kysely<Database>, cipher: TokenCipher) {
  const seal = (token: string | null | undefined, idHash: string) =>
    token ? cipher.seal(token, idHash) : (token ?? null);

  return {
    insert(session: OpenSession) {
      return insertSession(db, {
        ...session,
        access_token: cipher.seal(session.access_token, session.id_hash),
        refresh_token: seal(session.refresh_token, session.id_hash),
        id_token: seal(session.id_token, session.id_hash),
      });
    },

    async find(idHash: string): Promise<OpenSession | undefined> {
      const row = await findSession(db, idHash);
      if (!row) return undefined;
      const access = cipher.open(row.access_token, idHash);
      const refresh = row.refresh_token === null ? null : cipher.open(row.refresh_token, idHash);
      const id = row.id_token === null ? null : cipher.open(row.id_token, idHash);
      if (access === null || (row.refresh_token !== null && refresh === null)) return undefined;
      return { ...row, access_token: access, refresh_token: refresh, id_token: id };
    },

    updateTokens(idHash: string, tokens: Tokens) {
      return updateSessionTokens(db, idHash, {
        ...tokens,
        access_token: cipher.seal(tokens.access_token, idHash),
        refresh_token: seal(tokens.refresh_token, idHash),
        ...(tokens.id_token ? { id_token: cipher.seal(tokens.id_token, idHash) } : {}),
      });
    },
  };
}
