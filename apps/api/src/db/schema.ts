import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  ConsumerSessionsTable,
  ConsumersTable,
  NotificationReadMarksTable,
  NotificationReadsTable,
  NotificationPreferencesTable,
  NotificationsTable,
  OrderCountsTable,
  OrdersTable,
  RefundsTable,
} from './schema-orders.ts';
import type {
  BatchFilePartsTable,
  BatchPayeesTable,
  BatchPaymentsTable,
  PayeeDirectoryView,
} from './schema-batches.ts';
import type { DevMailboxTable, MailOutboxTable, StaffActivationsTable } from './schema-staff.ts';
import type {
  BackgroundExportChunksTable,
  BackgroundExportsTable,
  ReportExportsTable,
} from './schema-reports.ts';
import type { ShiftEntriesTable, ShiftsTable } from './schema-shifts.ts';
import type {
  AnalyticsDailyTable,
  AnalyticsDailyTotalsTable,
  AnalyticsHourlyTable,
  AnalyticsMonthlyTable,
  AnalyticsPayersTable,
} from './schema-analytics.ts';
import type { TwoFactorCredentialsTable, TwoFactorRecoveryCodesTable } from './schema-two-factor.ts';
import type { RateLimitCountersTable, SignInFailuresTable } from './schema-limits.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface OrganizationsTable {
  id: string;
  parent_id: string | null;
  name: string;
  created_at: Generated<Date>;
}

interface MerchantsTable {
  id: Generated<number>;
  organization_id: string;
  name: string;
  username: string;
  about: Generated<string>;
  description: Generated<string>;
  category: Generated<string>;
  phone_number: Generated<string>;
  email: Generated<string>;
  address: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  province: Generated<string>;
  country: Generated<string>;
  logo: string | null;
  qr_code: string;
  /** Whole Jamaican dollars, as the threshold field accepts no decimals. */
  low_balance_threshold: Generated<number>;
  low_balance_enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

interface RolesTable {
  id: number;
  name: string;
  permissions: JSONColumnType<string[]>;
}

interface UsersTable {
  id: Generated<number>;
  auth_id: string;
  email: string;
  display_name: string;
  password_hash: string;
  disabled: Generated<boolean>;
  created_at: Generated<Date>;
}

interface MembershipsTable {
  user_id: number;
  merchant_id: number;
  role_id: number;
  show_qr_display_name: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

interface AccountsTable {
  id: Generated<number>;
  merchant_id: number | null;
  type: 'LYNK' | 'CBDC' | 'BANK_ACCOUNT' | 'BENEFICIARY' | 'CONSUMER' | 'INTERNAL';
  currency: Currency;
  account_ref: string;
  external_reference: string | null;
  label: Generated<string>;
  /** Integer cents; bigint arrives as a string. */
  balance: ColumnType<string, never, never>;
  allow_negative: Generated<boolean>;
  details: JSONColumnType<AccountDetails, AccountDetails | undefined, AccountDetails>;
  created_at: Generated<Date>;
}

export type Currency = 'JMD' | 'JAM-DEX';

interface AccountDetails {
  bank_name?: string;
  masked_bank_account?: string;
  account_number?: string;
  /** Simulated world: the bank rail fails every transfer to this account. */
  simulate_failure?: boolean;
}

interface JournalEntriesTable {
  id: Generated<string>;
  kind: string;
  transfer_id: string | null;
  description: Generated<string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

interface PostingsTable {
  id: Generated<string>;
  entry_id: string;
  account_id: number;
  currency: Currency;
  amount: ColumnType<string, string | bigint, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type TransferStatus = 'SCHEDULED' | 'PENDING' | 'TRANSMITTED' | 'COMPLETED' | 'FAILED';

export interface TransfersTable {
  id: Generated<string>;
  merchant_id: number;
  wallet_account_id: number;
  counterpart_account_id: number;
  direction: 'CASH_IN' | 'CASH_OUT';
  type: 'CASH IN' | 'CASH OUT' | 'DISBURSEMENT';
  status: TransferStatus;
  amount: ColumnType<string, string | bigint, never>;
  commission: ColumnType<string, string | bigint | undefined, never>;
  gct: ColumnType<string, string | bigint | undefined, never>;
  currency: Currency;
  from_label: string;
  to_label: string;
  jam_dex: Generated<boolean>;
  limit_type: 'TOP' | 'ACH_CASHOUT' | 'MBATCH' | null;
  limit_period_start: ColumnType<string | null, string | null | undefined, never>;
  failure_reason: string | null;
  created_by: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  completed_at: Date | null;
  /** When the bank rail takes the transfer up next; null when it waits for nothing on the rail. */
  rail_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface AccountLimitsTable {
  account_id: number;
  transfer_type: 'TOP' | 'ACH_CASHOUT' | 'MBATCH';
  amount: ColumnType<string, string | bigint, string | bigint>;
}

interface LimitUsageTable {
  account_id: number;
  transfer_type: 'TOP' | 'ACH_CASHOUT' | 'MBATCH';
  /** YYYY-MM-DD in Jamaica time (a date column read as text, see database.ts). */
  period_start: string;
  used: ColumnType<string, string | bigint, string | bigint>;
}

interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
  expires_at: Date;
}

interface CbdcPaymentsTable {
  id: Generated<string>;
  merchant_id: number;
  account_id: number;
  from_id: string;
  amount: ColumnType<string, string | bigint, never>;
  status: 'Success' | 'Failure';
  created_at: ColumnType<Date, Date | undefined, never>;
}

interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_user_id: number | null;
  organization_id: string | null;
  action: string;
  subject: string | null;
  details: JSONColumnType<Record<string, unknown>>;
  ip: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table cannot be replayed as cookies. */
  id_hash: string;
  user_id: number;
  organization_id: string;
  access_token: string;
  refresh_token: string | null;
  id_token: string | null;
  access_expires_at: Timestamp;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** When the user last proved who they are (the ID token's auth_time), and with a second factor. */
  authenticated_at: Timestamp | null;
  second_factor_at: Timestamp | null;
}

interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

interface OidcGrantOrganizationsTable {
  grant_id: string;
  organization_id: string;
  created_at: Generated<Date>;
}

interface TransferCountsTable {
  merchant_id: number;
  jam_dex: boolean;
  n: ColumnType<string, never, never>;
}

export interface Database {
  organizations: OrganizationsTable;
  merchants: MerchantsTable;
  roles: RolesTable;
  users: UsersTable;
  memberships: MembershipsTable;
  accounts: AccountsTable;
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_grant_organizations: OidcGrantOrganizationsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  transfers: TransfersTable;
  account_limits: AccountLimitsTable;
  limit_usage: LimitUsageTable;
  idempotency_keys: IdempotencyKeysTable;
  cbdc_payments: CbdcPaymentsTable;
  transfer_counts: TransferCountsTable;
  consumers: ConsumersTable;
  orders: OrdersTable;
  refunds: RefundsTable;
  order_counts: OrderCountsTable;
  consumer_sessions: ConsumerSessionsTable;
  notifications: NotificationsTable;
  notification_read_marks: NotificationReadMarksTable;
  notification_reads: NotificationReadsTable;
  notification_preferences: NotificationPreferencesTable;
  batch_payments: BatchPaymentsTable;
  batch_file_parts: BatchFilePartsTable;
  batch_payees: BatchPayeesTable;
  payee_directory: PayeeDirectoryView;
  staff_activations: StaffActivationsTable;
  mail_outbox: MailOutboxTable;
  dev_mailbox: DevMailboxTable;
  report_exports: ReportExportsTable;
  background_exports: BackgroundExportsTable;
  background_export_chunks: BackgroundExportChunksTable;
  two_factor_credentials: TwoFactorCredentialsTable;
  rate_limit_counters: RateLimitCountersTable;
  sign_in_failures: SignInFailuresTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  shifts: ShiftsTable;
  shift_entries: ShiftEntriesTable;
  analytics_hourly: AnalyticsHourlyTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_monthly: AnalyticsMonthlyTable;
  analytics_daily_totals: AnalyticsDailyTotalsTable;
  analytics_payers: AnalyticsPayersTable;
}
