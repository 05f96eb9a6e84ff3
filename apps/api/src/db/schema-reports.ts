import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A report a staff member exported (migration 0013); `csv` is kept for their latest five only. */
export interface ReportExportsTable {
  id: Generated<string>;
  merchant_id: number;
  user_id: number;
  wallet: 'lynk' | 'jam-dex';
  tables: JSONColumnType<string[]>;
  /** YYYY-MM-DD (date columns are read as text, see database.ts). */
  start_date: string;
  end_date: string;
  file_name: string;
  entries: number;
  csv: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The listings "Export all" writes (migration 0022). */
type BackgroundExportSource = 'orders' | 'refunds' | 'transfers' | 'payments' | 'payouts';
type BackgroundExportStatus = 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED';

/** A listing's rows over any range, written in the background into gzipped chunks (migration 0022). */
export interface BackgroundExportsTable {
  id: Generated<string>;
  merchant_id: number;
  user_id: number;
  source: BackgroundExportSource;
  /** The requester's session identity when they asked: whose view of the listing the file holds. */
  identity: ColumnType<unknown, string, never>;
  /** YYYY-MM-DD, or null for "from the first" / "to the last". */
  start_date: string | null;
  end_date: string | null;
  file_name: string;
  status: BackgroundExportStatus;
  run: Generated<number>;
  rows_done: Generated<number>;
  chunks: Generated<number>;
  /** Where the next page starts (the listing's keyset), null before the first. */
  cursor: ColumnType<unknown, string | null | undefined, string | null>;
  bytes: ColumnType<string, string | number | undefined, string | number>;
  heartbeat_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
}

/** One gzip piece of an export's file, in order within its run (migration 0022). */
export interface BackgroundExportChunksTable {
  export_id: string;
  seq: number;
  data: Buffer;
}
