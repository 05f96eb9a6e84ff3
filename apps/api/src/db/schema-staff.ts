import type { ColumnType, Generated } from 'kysely';

/** Tables of staff activation (migration 0012, docs/decisions/028). */

export interface StaffActivationsTable {
  id: Generated<string>;
  user_id: number;
  created_by: number | null;
  merchant_id: number;
  /** SHA-256 (base64url) of the link's token; null until the mail job mints the token. */
  token_hash: string | null;
  expires_at: Date | null;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export type MailStatus = 'PENDING' | 'SENT' | 'KEPT' | 'FAILED';

export interface MailOutboxTable {
  id: Generated<string>;
  kind: 'staff-activation';
  to_address: string;
  activation_id: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: Date | null;
}

export interface DevMailboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  link: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
