import type { Db } from '../../db/transaction.ts';
import { payoutRowsAfter, type PayoutCursor } from './repository.ts';

/** One payee of a batch as an "Export all" of payouts writes it (amounts in cents). */
export interface Payout {
  batch_id: number;
  batch_name: string;
  batch_created_at: string;
  row_number: number;
  lynk_id: string;
  name: string;
  amount: number | null;
  fee: number;
  gct: number;
  status: string;
  paid_at: string | null;
  error: string | null;
}

/** A page of an "Export all" of the merchant's payouts: the newest batch first, rows in file order. */
export async function exportPayoutsPage(
  db: Db,
  merchantId: number,
  bounds: { from?: Date | undefined; to?: Date | undefined },
  before: PayoutCursor | null,
  limit: number,
) {
  const rows = await payoutRowsAfter(db, merchantId, bounds, before, limit);
  const items: Payout[] = rows.map((row) => ({
    batch_id: row.batch_id,
    batch_name: row.batch_name,
    batch_created_at: new Date(row.created_at).toISOString(),
    row_number: row.row_number,
    lynk_id: row.lynk_id,
    name: row.name,
    amount: row.amount === null ? null : Number(row.amount),
    fee: Number(row.fee),
    gct: Number(row.gct),
    status: row.status,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    error: row.error,
  }));
  const last = rows.at(-1);
  const next: PayoutCursor | null = last ? { batchId: last.batch_id, row: last.row_number } : null;
  return { items, next };
}
