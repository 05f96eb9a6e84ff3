import { sql, type Selectable } from 'kysely';
import type { TransfersTable } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { addDays, jamaicaMidnight } from '../ledger/index.ts';

export function listMerchantAccounts(db: Db, merchantId: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'type', 'currency', 'account_ref', 'external_reference', 'label', 'details'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
}

/** Branches of an organization with their wallet accounts. */
export async function listChildBranches(db: Db, parentOrganizationId: string) {
  const branches = await db
    .selectFrom('organizations as o')
    .innerJoin('merchants as m', 'm.organization_id', 'o.id')
    .select(['m.id as merchant_id', 'o.id as organization_id', 'm.name', 'o.created_at'])
    .where('o.parent_id', '=', parentOrganizationId)
    .orderBy('m.id')
    .execute();
  if (branches.length === 0) return [];
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'type', 'merchant_id', 'balance'])
    .where(
      'merchant_id',
      'in',
      branches.map((b) => b.merchant_id),
    )
    .orderBy('id')
    .execute();
  return branches.map((branch) => ({
    ...branch,
    accounts: accounts
      .filter((a) => a.merchant_id === branch.merchant_id)
      .map(({ id, type, balance }) => ({ id, type, balance })),
  }));
}

/** One of the merchant's own accounts, or undefined (another tenant's id looks like a missing one). */
export function findMerchantAccount(db: Db, merchantId: number, accountId: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'type', 'currency', 'account_ref', 'label', 'balance', 'details'])
    .where('id', '=', accountId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export function findMerchantAccountByRef(db: Db, merchantId: number, accountRef: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'type', 'currency', 'account_ref', 'label', 'balance'])
    .where('account_ref', '=', accountRef)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

const transferColumns = [
  'id',
  'merchant_id',
  'wallet_account_id',
  'counterpart_account_id',
  'direction',
  'type',
  'status',
  'amount',
  'commission',
  'gct',
  'currency',
  'from_label',
  'to_label',
  'jam_dex',
  'limit_type',
  'limit_period_start',
  'failure_reason',
  'created_at',
] as const;

export type TransferRow = Pick<Selectable<TransfersTable>, (typeof transferColumns)[number]>;

/** A bank transfer as the rail sees it: the transfer, whether its bank fails it, and its owner. */
function railTransfers(db: Db) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('accounts as c', 'c.id', 't.counterpart_account_id')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .select(transferColumns.map((column) => `t.${column}` as const))
    .select([
      'm.organization_id',
      sql<boolean>`coalesce((c.details->>'simulate_failure')::boolean, false)`.as('simulate_failure'),
    ]);
}

export function findRailTransferById(db: Db, transferId: string) {
  return railTransfers(db).where('t.id', '=', transferId).executeTakeFirst();
}

/** Bank transfers the rail should take up by `now`, the longest-waiting first. */
export function listRailTransfersDueBy(db: Db, now: Date, limit: number) {
  return railTransfers(db).where('t.rail_due_at', '<=', now).orderBy('t.rail_due_at').limit(limit).execute();
}

interface ListWindow {
  offset: number;
  limit: number;
  sort: 'ASC' | 'DESC';
  from_utc?: string | undefined;
  to_utc?: string | undefined;
}

/**
 * The dates a user picks are Jamaica calendar days (the portal shows every time in Jamaica time),
 * so a day runs from Jamaica midnight to the next, whatever the parameters are called.
 */
function dateWindow<QB extends { where: (...args: never[]) => QB }>(
  query: QB,
  window: ListWindow,
  column: string,
): QB {
  let q = query;
  if (window.from_utc)
    q = (q.where as (...a: unknown[]) => QB)(column, '>=', jamaicaMidnight(window.from_utc));
  if (window.to_utc) {
    q = (q.where as (...a: unknown[]) => QB)(column, '<', jamaicaMidnight(addDays(window.to_utc, 1)));
  }
  return q;
}

/** The merchant's transfers, newest first by default; `jamDexOnly` keeps those touching JAM-DEX. */
export async function listTransfers(db: Db, merchantId: number, window: ListWindow, jamDexOnly: boolean) {
  let base = db.selectFrom('transfers').where('merchant_id', '=', merchantId);
  if (jamDexOnly) base = base.where('jam_dex', '=', true);
  base = dateWindow(base, window, 'created_at');
  const direction = window.sort === 'ASC' ? 'asc' : 'desc';
  const unfiltered = !window.from_utc && !window.to_utc;
  const [rows, total] = await Promise.all([
    base
      .select(transferColumns)
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    unfiltered
      ? countTransfers(db, merchantId, jamDexOnly)
      : base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The kept count of a merchant's transfers (see migration 0003). */
async function countTransfers(db: Db, merchantId: number, jamDexOnly: boolean) {
  let query = db.selectFrom('transfer_counts').where('merchant_id', '=', merchantId);
  if (jamDexOnly) query = query.where('jam_dex', '=', true);
  return query
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), eb.lit(0)).as('n'))
    .executeTakeFirstOrThrow();
}

export async function listCbdcPayments(db: Db, accountId: number, window: ListWindow) {
  const base = dateWindow(
    db.selectFrom('cbdc_payments').where('account_id', '=', accountId),
    window,
    'created_at',
  );
  const direction = window.sort === 'ASC' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'from_id', 'amount', 'status', 'created_at'])
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** At most `limit` transfers touching one wallet between two calendar dates, oldest first (the export). */
export function transfersForExport(
  db: Db,
  merchantId: number,
  accountId: number,
  range: { from: string; to: string },
  limit: number,
) {
  const { from, to } = range;
  return dateWindow(
    db
      .selectFrom('transfers')
      .select(transferColumns)
      .where('merchant_id', '=', merchantId)
      .where((eb) =>
        eb.or([eb('wallet_account_id', '=', accountId), eb('counterpart_account_id', '=', accountId)]),
      ),
    { offset: 0, limit: 0, sort: 'ASC', from_utc: from, to_utc: to },
    'created_at',
  )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Where a page of an "Export all" left off, and its Jamaica-day bounds (either may be open). */
interface ExportCursor {
  at: Date;
  id: string;
}
interface ExportBounds {
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The next `limit` transfers of an export after `before`, newest first: a keyset page. */
export function transferRowsBefore(
  db: Db,
  merchantId: number,
  jamDexOnly: boolean,
  bounds: ExportBounds,
  before: ExportCursor | null,
  limit: number,
) {
  let query = db.selectFrom('transfers').select(transferColumns).where('merchant_id', '=', merchantId);
  if (jamDexOnly) query = query.where('jam_dex', '=', true);
  if (bounds.from) query = query.where('created_at', '>=', bounds.from);
  if (bounds.to) query = query.where('created_at', '<', bounds.to);
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.at, before.id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The next `limit` JAM-DEX payments received by a wallet after `before`, newest first. */
export function cbdcPaymentRowsBefore(
  db: Db,
  accountId: number,
  bounds: ExportBounds,
  before: ExportCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('cbdc_payments')
    .select(['id', 'from_id', 'amount', 'status', 'created_at'])
    .where('account_id', '=', accountId);
  if (bounds.from) query = query.where('created_at', '>=', bounds.from);
  if (bounds.to) query = query.where('created_at', '<', bounds.to);
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.at, before.id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
