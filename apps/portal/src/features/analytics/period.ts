import { analyticsQuerySchema, type AnalyticsQuery } from '@lynk/contract/analytics';
import { formatDate, parseStrictDate, toApiDate } from '@lynk/contract/dates';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The periods a user picks from; "custom" reads its days from the URL. */
export const PERIODS = ['today', '7d', '30d', 'month', 'custom'] as const;
type PeriodKey = (typeof PERIODS)[number];
const DEFAULT_PERIOD: Exclude<PeriodKey, 'custom'> = '7d';

/** Jamaica calendar days (YYYY-MM-DD), both included: what the API is asked for. */
export type AnalyticsRange = AnalyticsQuery;

/** The page's period lives in the URL (`?period=30d`, `?period=custom&from=…&to=…`), to share it. */
const PERIOD_PARAMS = { period: 'period', from: 'from', to: 'to' } as const;

const DAY_MS = 86_400_000;

/** Today's date on the merchants' wall clock (Jamaica), whatever the browser's zone. */
export function jamaicaToday(now: Date = new Date()): string {
  return formatDate(now, 'YYYY-MM-DD');
}

function addDays(day: string, days: number): string {
  const date = parseStrictDate(day, 'YYYY-MM-DD');
  if (!date) throw new RangeError(`Not a day: ${day}`);
  return toApiDate(new Date(date.getTime() + days * DAY_MS));
}

/** A preset's days, ending today ("7 days" is today and the six days before it). */
export function presetRange(period: Exclude<PeriodKey, 'custom'>, today: string): AnalyticsRange {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** A custom range the API takes (its own rule): real days, in order, at most a year's worth. */
export function validCustomRange(from: string | null, to: string | null): AnalyticsRange | null {
  const parsed = analyticsQuerySchema.safeParse({ from, to });
  return parsed.success ? parsed.data : null;
}

function readPeriod(raw: string | null): PeriodKey {
  return PERIODS.find((period) => period === raw) ?? DEFAULT_PERIOD;
}

export interface AnalyticsPeriod {
  period: PeriodKey;
  range: AnalyticsRange;
  setPeriod: (period: Exclude<PeriodKey, 'custom'>) => void;
  setCustomRange: (range: AnalyticsRange) => void;
}

/**
 * The period shown, read from the URL. Anything unreadable there (an unknown period, a custom
 * range the API would refuse) falls back to the last 7 days rather than failing the page.
 */
export function useAnalyticsPeriod(today: string = jamaicaToday()): AnalyticsPeriod {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = readPeriod(searchParams.get(PERIOD_PARAMS.period));
  const custom =
    asked === 'custom'
      ? validCustomRange(searchParams.get(PERIOD_PARAMS.from), searchParams.get(PERIOD_PARAMS.to))
      : null;
  const period: PeriodKey = asked === 'custom' && !custom ? DEFAULT_PERIOD : asked;
  const range = custom ?? presetRange(period === 'custom' ? DEFAULT_PERIOD : period, today);

  // Functional updates keep any other parameter of the page.
  const setPeriod = useCallback(
    (next: Exclude<PeriodKey, 'custom'>) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set(PERIOD_PARAMS.period, next);
        params.delete(PERIOD_PARAMS.from);
        params.delete(PERIOD_PARAMS.to);
        return params;
      }),
    [setSearchParams],
  );
  const setCustomRange = useCallback(
    (next: AnalyticsRange) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set(PERIOD_PARAMS.period, 'custom');
        params.set(PERIOD_PARAMS.from, next.from);
        params.set(PERIOD_PARAMS.to, next.to);
        return params;
      }),
    [setSearchParams],
  );
  return { period, range, setPeriod, setCustomRange };
}
