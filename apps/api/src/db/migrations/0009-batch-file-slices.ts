import { sql, type Kysely } from 'kysely';

/**
 * A batch's file is read back in slices by the validation (a 20 MB file is never held whole):
 * kept uncompressed out of line, `substring` reads only the bytes asked for instead of unpacking
 * the whole value for each slice. CSV compresses well, but the file is kept only for the job and
 * the error log. Applies to files stored from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table batch_payments alter column file set storage external`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table batch_payments alter column file set storage extended`.execute(db);
}
