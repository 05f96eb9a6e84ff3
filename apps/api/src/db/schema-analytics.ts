import type { ColumnType } from 'kysely';

/** The analytics rollups (migration 0023, ADR 048): written by triggers only, read by the analytics module. */
type Count = ColumnType<string, never, never>;

interface FigureColumns {
  merchant_id: number;
  wallet: 'JMD' | 'JAM-DEX';
  /** '' for JAM-DEX payments. */
  channel: string;
  /** 0: nobody on the staff took it (a customer's own order, a JAM-DEX payment). */
  cashier_id: number;
  payments_count: Count;
  payments: Count;
  refunds_count: Count;
  refunds: Count;
}

export interface AnalyticsHourlyTable extends FigureColumns {
  hour: ColumnType<Date, never, never>;
}

export interface AnalyticsDailyTable extends FigureColumns {
  /** A Jamaica calendar day. */
  day: ColumnType<string, never, never>;
}

export interface AnalyticsMonthlyTable extends FigureColumns {
  /** The first day of a Jamaica month. */
  month: ColumnType<string, never, never>;
}

export interface AnalyticsDailyTotalsTable {
  merchant_id: number;
  wallet: 'JMD' | 'JAM-DEX';
  day: ColumnType<string, never, never>;
  payments_count: Count;
  payments: Count;
  refunds_count: Count;
  refunds: Count;
}

/** A payer's payments in a block of `span` days from `start` (31: the month, 92: the quarter). */
export interface AnalyticsPayersTable {
  merchant_id: number;
  wallet: 'JMD' | 'JAM-DEX';
  span: number;
  start: ColumnType<string, never, never>;
  /** As the listings show the payer: the order's Lynk name, the JAM-DEX payment's wallet id. */
  payer: string;
  payments_count: Count;
  payments: Count;
}
