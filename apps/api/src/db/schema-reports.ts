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
