import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A fixed-window request counter shared by every instance (migration 0018). */
export interface RateLimitCountersTable {
  key: string;
  /** Requests asked for in the window, granted or not (bigint: read as a string). */
  hits: ColumnType<string, number, number>;
  window_ends_at: Timestamp;
}

/** Failed sign-ins (or second-factor codes) of one account in a row, and its lock-out. */
export interface SignInFailuresTable {
  key: string;
  failures: number;
  last_failed_at: Timestamp;
  /** Null until the failures in a row reach the free ones. */
  locked_until: Timestamp | null;
}
