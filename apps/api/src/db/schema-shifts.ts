import type { ColumnType, Generated } from 'kysely';

/** A cashier's closed shift (migration 0021); only the reopen columns are ever set afterwards. */
export interface ShiftsTable {
  id: Generated<string>;
  merchant_id: number;
  cashier_id: number;
  started_at: Date;
  closed_at: Date;
  closed_by: number;
  reopened_at: ColumnType<Date | null, Date | null | undefined, Date>;
  reopened_by: ColumnType<number | null, number | null | undefined, number>;
  reopen_reason: ColumnType<string | null, string | null | undefined, string>;
}

/** A payment or refund a closed shift counted, as it was at the close. */
export interface ShiftEntriesTable {
  shift_id: string;
  kind: 'PAYMENT' | 'REFUND';
  entry_id: string;
  order_id: string;
  channel: string;
  currency: string;
  amount: ColumnType<string, bigint | string, never>;
  at: Date;
}
