import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Batch payments, their payees and the payee directory (migration 0007). Money in cents. */
/** A batch's file, in parts of at most 1 MiB read back in order (migration 0015). */
export interface BatchFilePartsTable {
  batch_id: number;
  part: number;
  bytes: Uint8Array;
}

export interface BatchPaymentsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  file_name: string;
  /** The file's size in bytes; the file itself is in `batch_file_parts` (migration 0015). */
  file_bytes: number;
  status: BatchStatus;
  fee_basis_points: number;
  fee_fixed_cents: ColumnType<string, bigint, bigint>;
  payee_count: Generated<number>;
  paid_count: Generated<number>;
  subtotal: ColumnType<string, bigint | undefined, bigint>;
  lynk_fee: ColumnType<string, bigint | undefined, bigint>;
  lynk_fee_gct: ColumnType<string, bigint | undefined, bigint>;
  total: ColumnType<string, bigint | undefined, bigint>;
  rows_checked: Generated<number>;
  rows_total: Generated<number>;
  error: string | null;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
  /** Who sent it for approval (migration 0017); with `created_by`, who may not approve it. */
  requested_by: number | null;
  reject_reason: string | null;
  account_id: number | null;
  account_type: string | null;
  cash_in_id: string | null;
  /** The week (Jamaica time) the payees count against the weekly batch limit, set when processing starts. */
  limit_period_start: ColumnType<string | null, string | null | undefined, string | null>;
}

export type BatchStatus =
  | 'NEW'
  | 'PENDING_APPROVAL'
  | 'APPROVED'
  | 'INVALID_PAYEE'
  | 'VALIDATED'
  | 'PROCESSING'
  | 'REJECTED'
  | 'COMPLETED'
  | 'FAILED'
  | 'COMPLETED_WITH_ERRORS';

export interface BatchPayeesTable {
  batch_id: number;
  row_number: number;
  lynk_id: string;
  /** The Lynk ID as the directory spells it (migration 0015); null on rows checked before. */
  lynk_key: string | null;
  amount_text: string;
  name: Generated<string>;
  amount: ColumnType<string | null, bigint | null, bigint | null>;
  fee: ColumnType<string, bigint | undefined, bigint>;
  gct: ColumnType<string, bigint | undefined, bigint>;
  account_id: number | null;
  status: 'VALID' | 'INVALID' | 'PAID' | 'FAILED';
  error: string | null;
  /** The journal entry that paid the payee (set with PAID, by the ledger engine). */
  entry_id: ColumnType<string | null, never, never>;
  paid_at: ColumnType<Date | null, never, never>;
}

/** Who may be paid (a view, migration 0007): wallet users and merchants' main wallets by handle. */
export interface PayeeDirectoryView {
  handle: string;
  profile_type: 'CONSUMER' | 'MERCHANT';
  consumer_id: number | null;
  merchant_id: number | null;
  account_id: number;
  display_name: string;
  email: string;
  phone_number: string | null;
  active: boolean;
}
