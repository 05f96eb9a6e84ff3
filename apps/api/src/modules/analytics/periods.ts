import type { AnalyticsQuery } from '@lynk/contract/analytics';
import { addDays, jamaicaMidnight } from '../ledger/index.ts';

/** The calendar of the analytics page: periods, their bars, and the rollup buckets that tile them. */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The period asked for and the one before it, as many days long and ending the day before. */
export function periodOf(query: AnalyticsQuery) {
  const days = daysBetween(query.from, query.to) + 1;
  return {
    from: query.from,
    to: query.to,
    previous_from: addDays(query.from, -days),
    previous_to: addDays(query.from, -1),
    granularity: days === 1 ? ('HOUR' as const) : ('DAY' as const),
  };
}
export type Period = ReturnType<typeof periodOf>;

/** The chart's bars: each hour of the day, or each Jamaica day, with the key the rollup sums under. */
export function bucketsOf(period: Period): Array<{ key: string; start: string }> {
  if (period.granularity === 'HOUR') {
    const start = jamaicaMidnight(period.from).getTime();
    return Array.from({ length: 24 }, (_, i) => {
      const iso = new Date(start + i * HOUR_MS).toISOString();
      return { key: iso, start: iso };
    });
  }
  // Jamaica keeps one offset all year (as the rollups' days do): each day starts 24 hours after the
  // one before. (Asking the time zone database for each of a year's days costs more than the query.)
  const first = jamaicaMidnight(period.from).getTime();
  return Array.from({ length: daysBetween(period.from, period.to) + 1 }, (_, i) => ({
    key: addDays(period.from, i),
    start: new Date(first + i * DAY_MS).toISOString(),
  }));
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const nextMonth = (day: string) => monthStart(addDays(monthStart(day), 32));
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

/** The whole months between two days (both included), as [first day, first day after): else null. */
export function fullMonthsOf(from: string, to: string): { from: string; to: string } | null {
  const first = dayOfMonth(from) === 1 ? from : nextMonth(from);
  const after = monthStart(addDays(to, 1));
  return first < after ? { from: first, to: after } : null;
}

/**
 * The payers' rollup blocks (span, start) that tile the days from `from` to `to` exactly, largest
 * first: whole quarters, whole months, then blocks of 16, 8, 4, 2 and 1 days counted from the
 * first of the month (a block ends with its month at the latest), as the database buckets them.
 */
export function payerBlocks(from: string, to: string): Array<{ span: number; start: string }> {
  const blocks: Array<{ span: number; start: string }> = [];
  let day = from;
  while (day <= to) {
    const month = Number(day.slice(5, 7));
    const quarterEnd = addDays(nextMonth(addDays(nextMonth(day), 40)), -1);
    if (dayOfMonth(day) === 1 && (month - 1) % 3 === 0 && quarterEnd <= to) {
      blocks.push({ span: 92, start: day });
      day = addDays(quarterEnd, 1);
      continue;
    }
    const monthEnd = addDays(nextMonth(day), -1);
    if (dayOfMonth(day) === 1 && monthEnd <= to) {
      blocks.push({ span: 31, start: day });
      day = addDays(monthEnd, 1);
      continue;
    }
    for (const span of [16, 8, 4, 2, 1]) {
      if ((dayOfMonth(day) - 1) % span !== 0) continue;
      const end = [addDays(day, span - 1), monthEnd].sort()[0]!;
      if (end > to) continue;
      blocks.push({ span, start: day });
      day = addDays(end, 1);
      break;
    }
  }
  return blocks;
}
