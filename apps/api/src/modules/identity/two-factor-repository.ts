import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface StoredCredential {
  secret_sealed: string;
  confirmed_at: Date | null;
  last_step: number | null;
}

export async function findCredential(
  db: Kysely<Database>,
  userId: number,
): Promise<StoredCredential | undefined> {
  const row = await db
    .selectFrom('two_factor_credentials')
    .select(['secret_sealed', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, last_step: row.last_step === null ? null : Number(row.last_step) };
}

/** Starts (or restarts) an enrolment; a confirmed authenticator is never overwritten here. */
export async function savePendingCredential(db: Kysely<Database>, userId: number, secretSealed: string) {
  await db
    .insertInto('two_factor_credentials')
    .values({ user_id: userId, secret_sealed: secretSealed })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, last_step: null })
        .where('two_factor_credentials.confirmed_at', 'is', null),
    )
    .execute();
}

/** A seeded authenticator (the demo users'): confirmed from the start, left alone when present. */
export async function insertConfirmedCredential(
  db: Kysely<Database>,
  userId: number,
  secretSealed: string,
  at: Date,
) {
  await db
    .insertInto('two_factor_credentials')
    .values({ user_id: userId, secret_sealed: secretSealed, confirmed_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/**
 * Moves the last accepted time step forward, and confirms a pending enrolment with it. False when
 * another request accepted this step (or a later one) first: the code was a replay.
 */
export async function acceptStep(db: Kysely<Database>, userId: number, step: number, at: Date) {
  const result = await db
    .updateTable('two_factor_credentials')
    .set({ last_step: step, confirmed_at: sql`coalesce(confirmed_at, ${at})` })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step) as never)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The new set replaces every earlier code, used or not. */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number, hashes: string[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  });
}

/** Marks a recovery code used; false when it is unknown or was used already. */
export async function useRecoveryCode(db: Kysely<Database>, userId: number, hash: string, at: Date) {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spec section 6: role names containing "admin" count as admin; those must use a second factor. */
export async function holdsAdminRole(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select('m.user_id')
    .where('m.user_id', '=', userId)
    .where('m.active', '=', true)
    .where(sql<boolean>`r.name ilike '%admin%'`)
    .executeTakeFirst();
  return row !== undefined;
}
