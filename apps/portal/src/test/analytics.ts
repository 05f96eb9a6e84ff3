import type { Analytics, AnalyticsBucket, AnalyticsFigures, WalletAnalytics } from '@lynk/contract/analytics';

/**
 * The analytics API's answers for the portal's tests: a week (20–26 November 2026) whose last day
 * had nine J$ payments and one refund, against a week before with eight payments and two refunds.
 */
export function figures(overrides: Partial<AnalyticsFigures> = {}): AnalyticsFigures {
  return {
    payments_count: 0,
    payments: 0,
    refunds_count: 0,
    refunds: 0,
    net: 0,
    average_ticket: 0,
    refund_rate_bp: 0,
    ...overrides,
  };
}

export function day(date: string, overrides: Partial<AnalyticsBucket> = {}): AnalyticsBucket {
  // A Jamaica day starts at 05:00 UTC.
  return { start: `${date}T05:00:00.000Z`, ...figures(), ...overrides };
}

export const DAYS = [
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
];

export function wallet(overrides: Partial<WalletAnalytics> = {}): WalletAnalytics {
  return {
    current: figures({
      payments_count: 9,
      payments: 1_125_00,
      refunds_count: 1,
      refunds: 28_13,
      net: 1_096_87,
      average_ticket: 125_00,
      refund_rate_bp: 250,
    }),
    previous: figures({
      payments_count: 8,
      payments: 1_000_00,
      refunds_count: 2,
      refunds: 21_00,
      net: 979_00,
      average_ticket: 125_00,
      refund_rate_bp: 210,
    }),
    series: DAYS.map((date, index) =>
      index === 6
        ? day(date, {
            payments_count: 9,
            payments: 1_125_00,
            refunds_count: 1,
            refunds: 28_13,
            net: 1_096_87,
          })
        : day(date),
    ),
    by_channel: [
      {
        channel: 'PAYMENT_LINK',
        payments_count: 6,
        payments: 900_00,
        refunds_count: 1,
        refunds: 28_13,
        net: 871_87,
      },
      {
        channel: 'SCAN_AND_PAY',
        payments_count: 3,
        payments: 225_00,
        refunds_count: 0,
        refunds: 0,
        net: 225_00,
      },
    ],
    by_cashier: [
      {
        cashier_id: 12,
        cashier_name: 'Kerry-Ann Cashier',
        payments_count: 7,
        payments: 1_000_00,
        refunds_count: 1,
        refunds: 28_13,
        net: 971_87,
      },
      {
        cashier_id: null,
        cashier_name: null,
        payments_count: 2,
        payments: 125_00,
        refunds_count: 0,
        refunds: 0,
        net: 125_00,
      },
    ],
    top_payers: [
      { payer: 'Marcia Campbell', payments_count: 3, payments: 600_00 },
      { payer: 'Devon Brown', payments_count: 1, payments: 250_00 },
    ],
    ...overrides,
  };
}

export function analytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    from: '2026-11-20',
    to: '2026-11-26',
    previous_from: '2026-11-13',
    previous_to: '2026-11-19',
    granularity: 'DAY',
    currency: 'JMD',
    jmd: wallet(),
    jam_dex: null,
    ...overrides,
  };
}
