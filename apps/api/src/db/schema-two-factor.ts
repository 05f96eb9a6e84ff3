import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A user's authenticator (migration 0014): the TOTP secret sealed, never readable from the table. */
export interface TwoFactorCredentialsTable {
  user_id: number;
  secret_sealed: string;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: Timestamp | null;
  /** The last RFC 6238 time step accepted: a code of this step or an earlier one is refused. */
  last_step: ColumnType<string | null, bigint | number | null, bigint | number | null>;
  created_at: Generated<Date>;
}

/** One-time recovery codes, as keyed hashes. */
export interface TwoFactorRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}
