import { centsToDecimalString } from '@lynk/contract/money';
import { GATES, passesGate } from '@lynk/contract/permissions';
import type { SessionIdentity } from '@lynk/contract/session';
import {
  SHIFT_CSV_HEADER,
  SHIFT_MESSAGES,
  shiftFileName,
  type CloseShift,
  type Shift,
  type ShiftDetail,
  type ShiftsQuery,
  type ShiftTotals,
} from '@lynk/contract/shifts';
import type { OrderChannel } from '@lynk/contract/statuses';
import { channelLabel } from '@lynk/contract/statuses';
import type { Db } from '../../db/transaction.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { csvTime, toCsv } from '../../lib/csv.ts';
import { recordAudit, recordDownload, type AuditedCaller } from '../audit/index.ts';
import { jamaicaDate, jamaicaMidnight } from '../ledger/index.ts';
import {
  cashiersOf,
  closedFigures,
  findShift,
  insertClosedShift,
  listShifts as listShiftRows,
  lockCashier,
  markReopened,
  openFigures,
  shiftBounds,
  shiftEntries,
  standingShiftAfter,
  type FigureRow,
  type OpenWindow,
  type ShiftRow,
} from './repository.ts';

interface Caller extends AuditedCaller {
  now: Date;
}

/** A manager (whoever reads all the branch's orders) sees and closes every cashier's shifts. */
function managesShifts(identity: SessionIdentity): boolean {
  return passesGate(identity.permissions, identity.role, GATES.cashUpManage);
}

/** A cashier's own shifts only: another's looks missing, as their orders do. */
function ownCashier(identity: SessionIdentity): number | undefined {
  return managesShifts(identity) ? undefined : Number(identity.id);
}

function toTotals(rows: FigureRow[]): ShiftTotals {
  const figures = (row: FigureRow | undefined) => {
    const payments = BigInt(row?.payments ?? 0);
    const refunds = BigInt(row?.refunds ?? 0);
    return {
      payments_count: Number(row?.payments_count ?? 0),
      payments: Number(payments),
      refunds_count: Number(row?.refunds_count ?? 0),
      refunds: Number(refunds),
      net: Number(payments - refunds),
    };
  };
  return {
    currency: 'JMD',
    ...figures(rows.find((row) => row.channel === null)),
    by_channel: rows
      .filter((row) => row.channel !== null)
      .map((row) => ({ channel: row.channel as OrderChannel, ...figures(row) })),
  };
}

/**
 * Where a cashier's open shift starts: at their last close that stands; after a manager reopened
 * their latest shift, where that one started (its takings are counted again at the next close).
 * A cashier who never closed a shift starts at the start of today, Jamaica time, rather than at
 * their sign-in: a cashier signs in again after every idle timeout and on every till, and expects
 * the day's takings, all of them, in their first cash-up; a payment of a link they sent before
 * signing in is theirs too.
 */
async function openWindow(db: Db, merchantId: number, cashierId: number, now: Date) {
  const { latest, reopenedFrom } = await shiftBounds(db, merchantId, cashierId);
  const startedAt = reopenedFrom ?? latest?.closed_at ?? jamaicaMidnight(jamaicaDate(now));
  // A payment stamped just before the last close but committed after it was not counted by it:
  // the open shift looks back over the last shift's time too for what no standing shift holds.
  const from = latest && latest.started_at < startedAt ? latest.started_at : startedAt;
  const window: OpenWindow = { merchantId, cashierId, from, to: now };
  return { startedAt, window };
}

async function openShift(
  db: Db,
  merchantId: number,
  cashier: { id: number; display_name: string },
  now: Date,
) {
  const { startedAt, window } = await openWindow(db, merchantId, cashier.id, now);
  const shift: Shift = {
    id: null,
    status: 'OPEN',
    cashier_id: cashier.id,
    cashier_name: cashier.display_name,
    started_at: startedAt.toISOString(),
    closed_at: null,
    as_of: now.toISOString(),
    closed_by_name: null,
    reopened_at: null,
    reopened_by_name: null,
    reopen_reason: null,
    totals: toTotals(await openFigures(db, window)),
  };
  return shift;
}

/** The open shift of the caller (a cashier), or of every cashier of the branch (a manager). */
export async function currentShifts(db: Db, identity: SessionIdentity, now: Date): Promise<Shift[]> {
  const own = ownCashier(identity);
  const cashiers = (await cashiersOf(db, identity.merchant_id)).filter(
    (cashier) => own === undefined || cashier.id === own,
  );
  const shifts: Shift[] = [];
  for (const cashier of cashiers) shifts.push(await openShift(db, identity.merchant_id, cashier, now));
  return shifts;
}

async function toShift(db: Db, row: ShiftRow): Promise<Shift> {
  return {
    id: row.id,
    status: row.reopened_at ? 'REOPENED' : 'CLOSED',
    cashier_id: row.cashier_id,
    cashier_name: row.cashier_name,
    started_at: row.started_at.toISOString(),
    closed_at: row.closed_at.toISOString(),
    as_of: row.closed_at.toISOString(),
    closed_by_name: row.closed_by_name,
    reopened_at: row.reopened_at?.toISOString() ?? null,
    reopened_by_name: row.reopened_by_name,
    reopen_reason: row.reopen_reason,
    totals: toTotals(await closedFigures(db, row.id)),
  };
}

export async function listShifts(db: Db, identity: SessionIdentity, query: ShiftsQuery) {
  const own = ownCashier(identity);
  if (own !== undefined && query.cashier_id !== undefined && query.cashier_id !== own) {
    return { result: [], meta_data: { count: 0, limit: query.limit, offset: query.offset, total: 0 } };
  }
  const cashierId = own ?? query.cashier_id;
  const { rows, total } = await listShiftRows(db, identity.merchant_id, {
    limit: query.limit,
    offset: query.offset,
    ...(cashierId === undefined ? {} : { cashierId }),
  });
  const result: Shift[] = [];
  for (const row of rows) result.push(await toShift(db, row));
  return { result, meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total } };
}

async function detailOf(db: Db, row: ShiftRow): Promise<ShiftDetail> {
  const entries = await shiftEntries(db, row.id);
  return {
    ...(await toShift(db, row)),
    entries: entries.map((entry) => ({
      kind: entry.kind,
      m_order_id: entry.order_id,
      refund_id: entry.kind === 'REFUND' ? entry.entry_id : null,
      channel: entry.channel as OrderChannel,
      amount: Number(entry.amount),
      at: entry.at.toISOString(),
    })),
  };
}

async function visibleShift(db: Db, identity: SessionIdentity, shiftId: string): Promise<ShiftRow> {
  const row = await findShift(db, identity.merchant_id, shiftId, ownCashier(identity));
  if (!row) throw notFound(SHIFT_MESSAGES.notFound);
  return row;
}

export async function getShift(db: Db, identity: SessionIdentity, shiftId: string): Promise<ShiftDetail> {
  return detailOf(db, await visibleShift(db, identity, shiftId));
}

/**
 * Closes the open shift the caller saw (`started_at`): its payments and refunds are copied into
 * the closed shift, and the next one starts now. A close of a shift already closed (a second click,
 * a second till, the manager at the same moment) is a 409 and makes nothing.
 */
export async function closeShift(db: Db, caller: Caller, input: CloseShift): Promise<ShiftDetail> {
  const { identity, now } = caller;
  const self = Number(identity.id);
  const cashierId = input.cashier_id ?? self;
  if (cashierId !== self && !managesShifts(identity)) throw notFound(SHIFT_MESSAGES.cashierNotFound);
  const shiftId = await inTransaction(db, async (trx) => {
    const cashier = await lockCashier(trx, identity.merchant_id, cashierId);
    if (!cashier) throw notFound(SHIFT_MESSAGES.cashierNotFound);
    const { startedAt, window } = await openWindow(trx, identity.merchant_id, cashierId, now);
    // A shift closed at the very instant it started is the same close twice (a double click): the
    // next shift would start where this one did and the two could not be told apart.
    if (startedAt.getTime() !== new Date(input.started_at).getTime() || now <= startedAt) {
      throw new AppError('SHIFT_ALREADY_CLOSED', 409, SHIFT_MESSAGES.alreadyClosed);
    }
    const id = await insertClosedShift(
      trx,
      { merchantId: identity.merchant_id, cashierId, startedAt, closedAt: now, closedBy: self },
      window,
    );
    if (id === null) throw new AppError('SHIFT_ALREADY_CLOSED', 409, SHIFT_MESSAGES.alreadyClosed);
    await recordAudit(trx, {
      actorUserId: self,
      organizationId: identity.org_id,
      action: 'shift.closed',
      subject: id,
      details: { cashier_id: cashierId, started_at: startedAt.toISOString() },
      ip: caller.ip,
    });
    return id;
  });
  return getShift(db, identity, shiftId);
}

/**
 * A manager reopens a disputed shift: it stays as it was closed, marked with who reopened it,
 * when and why, and what it counted goes back into the cashier's open shift to be counted again.
 * Only the cashier's latest standing shift can be reopened, so no takings are counted twice.
 */
export async function reopenShift(db: Db, caller: Caller, shiftId: string, reason: string): Promise<Shift> {
  const { identity, now } = caller;
  await inTransaction(db, async (trx) => {
    const row = await visibleShift(trx, identity, shiftId);
    await lockCashier(trx, identity.merchant_id, row.cashier_id);
    const refused = () => new AppError('SHIFT_NOT_REOPENABLE', 409, SHIFT_MESSAGES.notReopenable);
    if (row.reopened_at !== null || (await standingShiftAfter(trx, row))) throw refused();
    const by = Number(identity.id);
    if (!(await markReopened(trx, row.id, { at: now, by, reason }))) throw refused();
    await recordAudit(trx, {
      actorUserId: by,
      organizationId: identity.org_id,
      action: 'shift.reopened',
      subject: row.id,
      details: { cashier_id: row.cashier_id, reason },
      ip: caller.ip,
    });
  });
  return toShift(db, await visibleShift(db, identity, shiftId));
}

/** A closed shift as a CSV file: the payments and refunds it counted, then its totals. */
export async function shiftCsv(db: Db, caller: AuditedCaller, shiftId: string) {
  const shift = await getShift(db, caller.identity, shiftId);
  const rows: (string | number | null)[][] = shift.entries.map((entry) => [
    entry.kind === 'PAYMENT' ? 'Payment' : 'Refund',
    entry.m_order_id,
    entry.refund_id,
    channelLabel(entry.channel),
    csvTime(new Date(entry.at)),
    // Refunds read as positive amounts beside their type: a leading minus is a formula's start to a
    // spreadsheet, and the file's neutralising apostrophe would make it text.
    centsToDecimalString(entry.amount),
  ]);
  const { totals } = shift;
  rows.push(
    [],
    ['Cashier', shift.cashier_name],
    ['Started', csvTime(new Date(shift.started_at))],
    ['Closed', shift.closed_at ? csvTime(new Date(shift.closed_at)) : ''],
    ['Payments', String(totals.payments_count), '', '', '', centsToDecimalString(totals.payments)],
    ['Refunds', String(totals.refunds_count), '', '', '', centsToDecimalString(totals.refunds)],
    ['Net', '', '', '', '', centsToDecimalString(totals.net)],
  );
  await recordDownload(db, caller, 'shift.downloaded', shift.id!, { cashier_id: shift.cashier_id });
  return {
    file_name: shiftFileName(shift),
    csv: Buffer.from(toCsv(SHIFT_CSV_HEADER, rows)).toString('base64'),
  };
}
