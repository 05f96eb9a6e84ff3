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

interface PayerColumns {
  merchant_id: number;
  wallet: 'JMD' | 'JAM-DEX';
  /** As the listings show the payer: the order's Lynk name, the JAM-DEX payment's wallet id. */
  payer: string;
  payments_count: Count;
  payments: Count;
}

export interface AnalyticsPayersDailyTable extends PayerColumns {
  day: ColumnType<string, never, never>;
}

export interface AnalyticsPayersMonthlyTable extends PayerColumns {
  /** The first day of a Jamaica month. */
  month: ColumnType<string, never, never>;
}
