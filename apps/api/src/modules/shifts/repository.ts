import { sql, type RawBuilder } from 'kysely';
import { ROLE_IDS } from '@lynk/contract/roles';
import type { Db } from '../../db/transaction.ts';

/** Only the shifts module reads and writes the shift tables; it reads orders and refunds as they are. */

/**
 * A cashier of the merchant, their membership row locked until the caller's transaction ends:
 * closes and reopens of one cashier's shifts then happen one after the other.
 */
export function lockCashier(db: Db, merchantId: number, cashierId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.display_name'])
    .where('m.merchant_id', '=', merchantId)
    .where('m.user_id', '=', cashierId)
    .where('m.role_id', '=', ROLE_IDS.CASHIER)
    .forUpdate('m')
    .executeTakeFirst();
}

/** The merchant's cashiers, active or not (a cashier who left may still have a shift to close). */
export function cashiersOf(db: Db, merchantId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.display_name'])
    .where('m.merchant_id', '=', merchantId)
    .where('m.role_id', '=', ROLE_IDS.CASHIER)
    .orderBy('u.display_name')
    .orderBy('u.id')
    .execute();
}

/** The cashier's shifts that stand (not reopened) and were reopened, as far as the open shift's start needs. */
export async function shiftBounds(db: Db, merchantId: number, cashierId: number) {
  const latest = await db
    .selectFrom('shifts')
    .select(['started_at', 'closed_at'])
    .where('merchant_id', '=', merchantId)
    .where('cashier_id', '=', cashierId)
    .where('reopened_at', 'is', null)
    .orderBy('closed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let reopened = db
    .selectFrom('shifts')
    .select((eb) => eb.fn.min<Date | null>('started_at').as('started_at'))
    .where('merchant_id', '=', merchantId)
    .where('cashier_id', '=', cashierId)
    .where('reopened_at', 'is not', null);
  if (latest) reopened = reopened.where('started_at', '>=', latest.closed_at);
  const { started_at } = await reopened.executeTakeFirstOrThrow();
  return { latest, reopenedFrom: started_at };
}

export interface OpenWindow {
  merchantId: number;
  cashierId: number;
  /** From here on, whatever no standing shift counted (a payment committed just after a close). */
  from: Date;
  to: Date;
}

/**
 * The payments and refunds of a cashier's orders in the window that no standing shift counted:
 * what the open shift holds. A payment counts when it was paid, a refund when it was made, in the
 * shift of the cashier who took the order (refunds are a manager's act, the takings the cashier's).
 */
function openEntries(w: OpenWindow): RawBuilder<unknown> {
  return sql`
    select 'PAYMENT' as kind, o.id as entry_id, o.id as order_id, o.channel, o.currency,
           o.amount, o.paid_at as at
      from orders o
     where o.merchant_id = ${w.merchantId} and o.created_by = ${w.cashierId}
       and o.paid_at is not null and o.paid_at >= ${w.from} and o.paid_at <= ${w.to}
       and not exists (select 1 from shift_entries e join shifts s on s.id = e.shift_id
                        where e.kind = 'PAYMENT' and e.entry_id = o.id and s.reopened_at is null)
    union all
    select 'REFUND', r.id, r.order_id, o.channel, o.currency, r.amount, r.created_at
      from refunds r join orders o on o.id = r.order_id
     where r.merchant_id = ${w.merchantId} and o.created_by = ${w.cashierId}
       and r.created_at >= ${w.from} and r.created_at <= ${w.to}
       and not exists (select 1 from shift_entries e join shifts s on s.id = e.shift_id
                        where e.kind = 'REFUND' and e.entry_id = r.id and s.reopened_at is null)`;
}

export interface FigureRow {
  /** Null on the row of all channels together. */
  channel: string | null;
  currency: string;
  payments_count: string;
  payments: string;
  refunds_count: string;
  refunds: string;
}

/** Sums in SQL, per channel and over all channels (grouping sets), in integer cents. */
function figuresOf(entries: RawBuilder<unknown>) {
  return sql<FigureRow>`
    select channel, currency,
           count(*) filter (where kind = 'PAYMENT') as payments_count,
           coalesce(sum(amount) filter (where kind = 'PAYMENT'), 0) as payments,
           count(*) filter (where kind = 'REFUND') as refunds_count,
           coalesce(sum(amount) filter (where kind = 'REFUND'), 0) as refunds
      from (${entries}) x
     group by grouping sets ((currency, channel), (currency))
     order by currency, channel nulls first`;
}

export async function openFigures(db: Db, w: OpenWindow): Promise<FigureRow[]> {
  return (await figuresOf(openEntries(w)).execute(db)).rows;
}

export async function closedFigures(db: Db, shiftId: string): Promise<FigureRow[]> {
  const entries = sql`select kind, channel, currency, amount from shift_entries where shift_id = ${shiftId}`;
  return (await figuresOf(entries).execute(db)).rows;
}

/**
 * Inserts the closed shift and copies what the open shift holds into it, in the caller's
 * transaction. Two closes of the same shift meet the unique index (migration 0021): null then.
 */
export async function insertClosedShift(
  db: Db,
  shift: { merchantId: number; cashierId: number; startedAt: Date; closedAt: Date; closedBy: number },
  window: OpenWindow,
): Promise<string | null> {
  const inserted = await db
    .insertInto('shifts')
    .values({
      merchant_id: shift.merchantId,
      cashier_id: shift.cashierId,
      started_at: shift.startedAt,
      closed_at: shift.closedAt,
      closed_by: shift.closedBy,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'cashier_id', 'started_at']).where('reopened_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await sql`
    insert into shift_entries (shift_id, kind, entry_id, order_id, channel, currency, amount, at)
    select ${inserted.id}, kind, entry_id, order_id, channel, currency, amount, at
      from (${openEntries(window)}) x`.execute(db);
  return inserted.id;
}

const shiftColumns = [
  's.id',
  's.merchant_id',
  's.cashier_id',
  's.started_at',
  's.closed_at',
  's.reopened_at',
  's.reopen_reason',
  'c.display_name as cashier_name',
  'cb.display_name as closed_by_name',
  'rb.display_name as reopened_by_name',
] as const;

function shiftsOf(db: Db, merchantId: number) {
  return db
    .selectFrom('shifts as s')
    .innerJoin('users as c', 'c.id', 's.cashier_id')
    .innerJoin('users as cb', 'cb.id', 's.closed_by')
    .leftJoin('users as rb', 'rb.id', 's.reopened_by')
    .where('s.merchant_id', '=', merchantId);
}

export type ShiftRow = Awaited<ReturnType<typeof findShift>> & object;

/** One closed shift of the merchant; `cashierId` narrows to a cashier's own. */
export function findShift(db: Db, merchantId: number, shiftId: string, cashierId?: number) {
  let query = shiftsOf(db, merchantId).select(shiftColumns).where('s.id', '=', shiftId);
  if (cashierId !== undefined) query = query.where('s.cashier_id', '=', cashierId);
  return query.executeTakeFirst();
}

/** A page of the merchant's closed shifts, newest close first, and how many there are. */
export async function listShifts(
  db: Db,
  merchantId: number,
  page: { limit: number; offset: number; cashierId?: number },
) {
  let base = shiftsOf(db, merchantId);
  if (page.cashierId !== undefined) base = base.where('s.cashier_id', '=', page.cashierId);
  const [rows, count] = await Promise.all([
    base
      .select(shiftColumns)
      .orderBy('s.closed_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function shiftEntries(db: Db, shiftId: string) {
  return db
    .selectFrom('shift_entries')
    .select(['kind', 'entry_id', 'order_id', 'channel', 'amount', 'at'])
    .where('shift_id', '=', shiftId)
    .orderBy('at')
    .orderBy('kind')
    .orderBy('entry_id')
    .execute();
}

/** Whether a later shift of the cashier stands after this one (then this one cannot be reopened). */
export async function standingShiftAfter(
  db: Db,
  shift: { merchant_id: number; cashier_id: number; id: string; started_at: Date },
) {
  const row = await db
    .selectFrom('shifts')
    .select('id')
    .where('merchant_id', '=', shift.merchant_id)
    .where('cashier_id', '=', shift.cashier_id)
    .where('reopened_at', 'is', null)
    .where('started_at', '>', shift.started_at)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markReopened(
  db: Db,
  shiftId: string,
  reopen: { at: Date; by: number; reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable('shifts')
    .set({ reopened_at: reopen.at, reopened_by: reopen.by, reopen_reason: reopen.reason })
    .where('id', '=', shiftId)
    .where('reopened_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
