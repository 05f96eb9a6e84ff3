import { z } from 'zod/mini';
import { apiDateSchema } from './listings.ts';
import { centsSchema } from './money.ts';
import { orderChannelSchema } from './statuses.ts';

/**
 * The merchant's analytics ("how did we do?"), under /api/payment/analytics:
 * - GET /analytics?from=&to=        the caller's merchant (a branch, or a merchant without any).
 * - GET /analytics/chain?from=&to=  a parent organisation's super admin: the chain as a whole and
 *                                   each branch's figures.
 * `from` and `to` are Jamaica calendar days (YYYY-MM-DD), both included, at most
 * ANALYTICS_MAX_DAYS apart. The period before is as many days, ending the day before `from`.
 * One day is shown by the hour, longer periods by the day.
 *
 * Figures come from rollups kept as payments and refunds are posted, never from scanning orders.
 * J$ figures are orders paid (counted when paid, by channel and by the cashier who took them) and
 * their refunds (counted when made, under the order's channel and cashier); JAM-DEX figures are
 * the payments the merchant's JAM-DEX wallet received (no channel, cashier or refund).
 * A cashier (own orders only) sees only the J$ figures of the orders they took; `jam_dex` and
 * `top_payers` are then null.
 */

export const ANALYTICS_MAX_DAYS = 366;
/** How many payers `top_payers` lists at most. */
export const ANALYTICS_TOP_PAYERS = 5;

export const ANALYTICS_MESSAGES = {
  fromAfterTo: 'The start date must not be after the end date.',
  tooLong: `A period can be at most ${ANALYTICS_MAX_DAYS} days.`,
  notAChain: 'Only a parent organisation has chain analytics.',
} as const;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (Jamaica days, both included). */
export const analyticsQuerySchema = z.object({ from: apiDateSchema, to: apiDateSchema }).check(
  z.refine((q) => q.from <= q.to, { message: ANALYTICS_MESSAGES.fromAfterTo, path: ['from'] }),
  z.refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < ANALYTICS_MAX_DAYS,
    { message: ANALYTICS_MESSAGES.tooLong, path: ['to'] },
  ),
);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Counts and sums in integer cents; `net` (payments − refunds) may be negative. */
const amountsSchema = z.object({
  payments_count: z.int(),
  payments: centsSchema,
  refunds_count: z.int(),
  refunds: centsSchema,
  net: z.int(),
});

/**
 * A period's headline figures: `average_ticket` is payments ÷ payments_count in whole cents
 * (rounded half up; 0 without payments), `refund_rate_bp` refunds ÷ payments in basis points
 * (rounded half up; 0 without payments).
 */
const figuresSchema = z.extend(amountsSchema, {
  average_ticket: centsSchema,
  refund_rate_bp: z.int(),
});
export type AnalyticsFigures = z.infer<typeof figuresSchema>;

/** One bar of the chart: an hour or a Jamaica day, `start` its first instant (ISO 8601, UTC). */
const bucketSchema = z.extend(amountsSchema, { start: z.string() });
export type AnalyticsBucket = z.infer<typeof bucketSchema>;

const payerSchema = z.object({
  /** What the orders and JAM-DEX listings show of the payer (their Lynk name or wallet id). */
  payer: z.string(),
  payments_count: z.int(),
  payments: centsSchema,
});

/** One wallet's analytics (the J$ wallet's or the JAM-DEX wallet's). */
const walletAnalyticsSchema = z.object({
  current: figuresSchema,
  previous: figuresSchema,
  /** Every hour or day of the period in order, those without payments as zeros. */
  series: z.array(bucketSchema),
  /** Channels with any payment or refund in the period, largest payments first; [] for JAM-DEX. */
  by_channel: z.array(z.extend(amountsSchema, { channel: orderChannelSchema })),
  /**
   * Cashiers with any payment or refund in the period, largest payments first; [] for JAM-DEX.
   * Orders no staff member took (a customer's own) under `cashier_id` null.
   */
  by_cashier: z.array(
    z.extend(amountsSchema, { cashier_id: z.nullable(z.int()), cashier_name: z.nullable(z.string()) }),
  ),
  /** The period's largest payers by amount (at most ANALYTICS_TOP_PAYERS); null for a cashier. */
  top_payers: z.nullable(z.array(payerSchema)),
});
export type WalletAnalytics = z.infer<typeof walletAnalyticsSchema>;

const periodSchema = z.object({
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  granularity: z.enum(['HOUR', 'DAY']),
});

/** GET /api/payment/analytics → `{ data }` */
export const analyticsSchema = z.extend(periodSchema, {
  currency: z.literal('JMD'),
  jmd: walletAnalyticsSchema,
  /** Null when the merchant has no JAM-DEX wallet or the caller sees only their own orders. */
  jam_dex: z.nullable(walletAnalyticsSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** GET /api/payment/analytics/chain → `{ data }`: the chain's analytics and each branch's headline. */
export const chainAnalyticsSchema = z.extend(analyticsSchema, {
  branches: z.array(
    z.object({
      merchant_id: z.int(),
      name: z.string(),
      jmd: figuresSchema,
      jam_dex: z.nullable(figuresSchema),
    }),
  ),
});
export type ChainAnalytics = z.infer<typeof chainAnalyticsSchema>;
