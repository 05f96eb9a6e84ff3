import { sql } from 'kysely';
import type { TestApp } from '../test-app.ts';

/** Tables a refused call must leave as they were: their row counts. */
const COUNTED = [
  'orders',
  'refunds',
  'transfers',
  'journal_entries',
  'postings',
  'cbdc_payments',
  'batch_payments',
  'batch_payees',
  'users',
  'memberships',
  'accounts',
  'notifications',
  'notification_reads',
  'notification_read_marks',
  'notification_preferences',
  'report_exports',
  'background_exports',
  'background_export_chunks',
  'staff_activations',
  'mail_outbox',
  'idempotency_keys',
  'shifts',
  'shift_entries',
];

/** What an update (not an insert) could change: each row's changeable columns, hashed. */
const CHANGEABLE = {
  users: 'id, display_name, email, disabled',
  memberships: 'user_id, merchant_id, role_id, active, show_qr_display_name',
  merchants: 'id, low_balance_threshold, low_balance_enabled',
  orders: 'id, status',
  batch_payments: 'id, status',
  account_limits: 'account_id, transfer_type, amount',
  shifts: 'id, reopened_at, reopen_reason',
};

/**
 * The state a refused write must not change, in one round trip: the counted tables' rows and a
 * hash of the changeable columns of the others.
 */
export async function writableState(t: TestApp): Promise<Record<string, string>> {
  const counts = COUNTED.map((table) => `(select count(*) from ${table})::text as ${table}`);
  const hashes = Object.entries(CHANGEABLE).map(
    ([table, columns]) =>
      `(select md5(coalesce(string_agg(row(${columns})::text, ',' order by row(${columns})::text), '')) from ${table}) as ${table}_changes`,
  );
  const { rows } = await sql
    .raw<Record<string, string>>(`select ${[...counts, ...hashes].join(', ')}`)
    .execute(t.database.db);
  return rows[0]!;
}
