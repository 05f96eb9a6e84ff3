import type { ColumnType, Generated } from 'kysely';

/** The tables of orders, their refunds, the customers who pay them and the notifications (migration 0006). */
/** Kept by a trigger on orders (migration 0006); `created_by` 0 for orders no staff member made. */
export interface OrderCountsTable {
  merchant_id: number;
  created_by: number;
  n: string;
}

export interface ConsumerSessionsTable {
  id_hash: string;
  consumer_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export interface NotificationsTable {
  id: Generated<string>;
  merchant_id: number;
  code: string;
  title: string;
  body: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Date;
  /** The one staff member it is for (migration 0022), or null for all who may read its code. */
  recipient_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A staff member's Mark All As Read for a merchant: notifications up to this id are read (migration 0010). */
export interface NotificationReadMarksTable {
  user_id: number;
  merchant_id: number;
  read_through_id: ColumnType<string, string | number, string | number>;
  updated_at: Date;
}

/** One notification a staff member opened (migration 0010). */
export interface NotificationReadsTable {
  user_id: number;
  notification_id: ColumnType<string, string | number, string | number>;
  read_at: Date;
}

/** A wallet user of the simulated world who pays payment requests on the pay page. */
export interface ConsumersTable {
  id: Generated<number>;
  handle: string;
  email: string;
  display_name: string;
  password_hash: string;
  wallet_account_id: number;
  /** A closed wallet is neither paid nor pays (migration 0007). */
  active: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

type OrderStatus = 'RECEIVED' | 'PAID' | 'REJECTED' | 'FAILED' | 'PENDING_REFUND' | 'EXPIRED' | 'REFUNDED';
type OrderChannel = 'SHOW_TO_PAY' | 'PAY_WITH_LYNK' | 'SCAN_AND_PAY' | 'PAYMENT_LINK' | 'FIND_AND_PAY';

/** Paid and refunded by the ledger engine only (ADR 021); created, declined and expired here. */
export interface OrdersTable {
  id: Generated<string>;
  merchant_id: number;
  wallet_account_id: number;
  code: string;
  amount: ColumnType<string, string | bigint, never>;
  fee: ColumnType<string, string | bigint, never>;
  tax: ColumnType<string, string | bigint, never>;
  currency: 'JMD';
  description: string;
  status: OrderStatus;
  channel: OrderChannel;
  created_by: number | null;
  cashier_name: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, never>;
  paid_at: Date | null;
  payer_account_id: number | null;
  lynk_id: string | null;
  transfer_id: string | null;
  external_transaction_id: string | null;
  refunded: ColumnType<string, never, never>;
  refunded_fee: ColumnType<string, never, never>;
  refunded_tax: ColumnType<string, never, never>;
}

/** Written by the ledger engine only; its id is the journal entry that moved the money back. */
export interface RefundsTable {
  id: string;
  order_id: string;
  merchant_id: number;
  amount: string;
  commission_refund: string;
  gct_refund: string;
  motif: 'WRONG' | 'NOT_NEEDED' | 'DAMAGED' | 'OTHER';
  description: string;
  created_by: number | null;
  created_at: Date;
}

/** A merchant's switch for one notification code; a code without a row is on (migration 0011). */
export interface NotificationPreferencesTable {
  merchant_id: number;
  code: string;
  enabled: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: number | null;
}
