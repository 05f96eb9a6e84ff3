import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.ts';

export type StoredSession = Omit<Selectable<SessionsTable>, 'created_at'>;

export async function insertSession(db: Kysely<Database>, session: StoredSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findSession(db: Kysely<Database>, idHash: string): Promise<StoredSession | undefined> {
  return db
    .selectFrom('sessions')
    .select([
      'id_hash',
      'user_id',
      'organization_id',
      'access_token',
      'refresh_token',
      'id_token',
      'access_expires_at',
      'last_seen_at',
      'expires_at',
      'authenticated_at',
      'second_factor_at',
    ])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function updateSessionTokens(
  db: Kysely<Database>,
  idHash: string,
  tokens: Pick<StoredSession, 'access_token' | 'refresh_token' | 'access_expires_at'> & {
    id_token?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      access_expires_at: tokens.access_expires_at,
      ...(tokens.id_token ? { id_token: tokens.id_token } : {}),
    })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function touchSession(db: Kysely<Database>, idHash: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
}

/** The sessions one user has open (every organization), by the hash of their id. */
export async function findSessionHashesOfUser(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute();
  return rows.map((row) => row.id_hash);
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Sessions past their absolute lifetime or idle for longer than `idleCutoff` allows. */
export async function deleteExpiredSessions(
  db: Kysely<Database>,
  now: Date,
  idleCutoff: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
