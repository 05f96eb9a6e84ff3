import type { Insertable } from 'kysely';
import type { ReportExportsTable } from '../../db/schema-reports.ts';
import type { Db } from '../../db/transaction.ts';

const reportColumns = [
  'id',
  'wallet',
  'tables',
  'start_date',
  'end_date',
  'file_name',
  'entries',
  'created_at',
] as const;

export async function insertReport(db: Db, report: Insertable<ReportExportsTable>) {
  return db.insertInto('report_exports').values(report).returning(reportColumns).executeTakeFirstOrThrow();
}

/** Drops the file of every report of this user at this merchant but the newest `keep`. */
export async function dropOlderFiles(db: Db, userId: number, merchantId: number, keep: number) {
  const newest = db
    .selectFrom('report_exports')
    .select('id')
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(keep);
  await db
    .updateTable('report_exports')
    .set({ csv: null })
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('csv', 'is not', null)
    .where('id', 'not in', newest)
    .execute();
}

/** A user's newest reports at a merchant (ids are the order of creation). */
export function listLatestReports(db: Db, userId: number, merchantId: number, limit: number) {
  return db
    .selectFrom('report_exports')
    .select([...reportColumns, (eb) => eb('csv', 'is not', null).as('downloadable')])
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One of a user's reports at a merchant, with its file when it still has one. */
export function findReport(db: Db, userId: number, merchantId: number, id: number) {
  return db
    .selectFrom('report_exports')
    .select([...reportColumns, 'csv'])
    .where('user_id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', String(id))
    .executeTakeFirst();
}

export type ReportRecord = Awaited<ReturnType<typeof insertReport>>;
