import { sql, type Insertable } from 'kysely';
import type { BackgroundExportsTable } from '../../db/schema-reports.ts';
import type { Db } from '../../db/transaction.ts';

const listedColumns = [
  'id',
  'source',
  'file_name',
  'start_date',
  'end_date',
  'status',
  'rows_done',
  'created_at',
  'finished_at',
  'expires_at',
] as const;

export async function insertExport(db: Db, row: Insertable<BackgroundExportsTable>) {
  return db.insertInto('background_exports').values(row).returning(listedColumns).executeTakeFirstOrThrow();
}

export type ExportRecord = Awaited<ReturnType<typeof insertExport>>;

/** How many of a user's exports at a merchant are waiting or being written. */
export async function countExportsInProgress(db: Db, userId: number, merchantId: number): Promise<number> {
  const row = await db
    .selectFrom('background_exports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user's newest exports at a merchant not yet expired. */
export function listLatestExports(db: Db, userId: number, merchantId: number, now: Date, limit: number) {
  return db
    .selectFrom('background_exports')
    .select(listedColumns)
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One of a user's exports at a merchant. */
export function findExport(db: Db, userId: number, merchantId: number, id: number) {
  return db
    .selectFrom('background_exports')
    .select([...listedColumns, 'chunks'])
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', String(id))
    .executeTakeFirst();
}

/**
 * Takes an export for a run: one queued, or one whose run went quiet (its worker died). The row's
 * lock makes two workers' claims one after the other; the second finds it taken (or finished).
 */
export function claimExport(db: Db, id: string, now: Date, staleBefore: Date) {
  return db
    .updateTable('background_exports')
    .set((eb) => ({ status: 'RUNNING', run: eb('run', '+', 1), heartbeat_at: now }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'QUEUED'),
        eb.and([eb('status', '=', 'RUNNING'), eb('heartbeat_at', '<', staleBefore)]),
      ]),
    )
    .returning([
      'id',
      'merchant_id',
      'user_id',
      'source',
      'identity',
      'start_date',
      'end_date',
      'file_name',
      'run',
      'rows_done',
      'chunks',
      'cursor',
    ])
    .executeTakeFirst();
}

export type ClaimedExport = NonNullable<Awaited<ReturnType<typeof claimExport>>>;

/**
 * Moves a run on by one chunk: the export's cursor, counts and heartbeat, only while `run` is its
 * current one (false: another run took it over, and this one must stop). Call in a transaction
 * with `insertChunk`.
 */
export async function advanceExport(
  db: Db,
  id: string,
  run: number,
  step: { cursor: unknown; rows: number; bytes: number; now: Date },
): Promise<boolean> {
  const updated = await db
    .updateTable('background_exports')
    .set((eb) => ({
      cursor: JSON.stringify(step.cursor),
      rows_done: eb('rows_done', '+', step.rows),
      chunks: eb('chunks', '+', 1),
      bytes: sql`bytes + ${step.bytes}`,
      heartbeat_at: step.now,
    }))
    .where('id', '=', id)
    .where('run', '=', run)
    .where('status', '=', 'RUNNING')
    .returning('chunks')
    .executeTakeFirst();
  return updated !== undefined;
}

export async function insertChunk(db: Db, exportId: string, seq: number, data: Buffer) {
  await db.insertInto('background_export_chunks').values({ export_id: exportId, seq, data }).execute();
}

/** Marks a run's export READY (or FAILED) if the run is still its current one. */
export async function finishExport(
  db: Db,
  id: string,
  run: number,
  status: 'READY' | 'FAILED',
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('background_exports')
    .set({ status, finished_at: now, heartbeat_at: now })
    .where('id', '=', id)
    .where('run', '=', run)
    .where('status', '=', 'RUNNING')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Chunks of an export's file from `fromSeq` on, in order. */
export function readChunks(db: Db, exportId: string, fromSeq: number, limit: number) {
  return db
    .selectFrom('background_export_chunks')
    .select(['seq', 'data'])
    .where('export_id', '=', exportId)
    .where('seq', '>=', fromSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Exports waiting for a worker: queued, or running with no sign of life since `staleBefore`. */
export async function findExportsToRun(db: Db, staleBefore: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('background_exports')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'QUEUED'),
        eb.and([eb('status', '=', 'RUNNING'), eb('heartbeat_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the exports (and their files) whose time is up. */
export async function deleteExpiredExports(db: Db, now: Date): Promise<number> {
  const deleted = await db.deleteFrom('background_exports').where('expires_at', '<=', now).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
