/** Limit periods roll over at midnight in Jamaica (America/Jamaica, UTC−5 all year). */
const JAMAICA_TIME_ZONE = 'America/Jamaica';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: JAMAICA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Jamaica at `at`, as YYYY-MM-DD. */
export function jamaicaDate(at: Date): string {
  return dateFormat.format(at);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the period containing `at`: the day itself (period 1) or its Monday (period 2). */
export function periodStart(at: Date, period: 1 | 2): string {
  const today = jamaicaDate(at);
  if (period === 1) return today;
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(today, -((weekday + 6) % 7));
}

/** The instant the period starting on `start` ends, in UTC. */
export function periodEnd(start: string, period: 1 | 2): Date {
  const nextStart = addDays(start, period === 1 ? 1 : 7);
  return jamaicaMidnight(nextStart);
}

/** Midnight of a Jamaica calendar date (YYYY-MM-DD), as an instant. */
export function jamaicaMidnight(isoDate: string): Date {
  const guess = new Date(`${isoDate}T00:00:00Z`);
  // Offset of Jamaica at that instant (e.g. "GMT-05:00"), applied once: Jamaica keeps no DST.
  const name = new Intl.DateTimeFormat('en-US', { timeZone: JAMAICA_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(guess.getTime() - offsetMinutes * 60_000);
}

/**
 * A listing's date filter (`from_utc`, `to_utc`: YYYY-MM-DD) as instants. The dates a user picks
 * are Jamaica calendar days: a day runs from Jamaica midnight to the next.
 */
export function listingDayBounds(window: { from_utc?: string; to_utc?: string }): { from?: Date; to?: Date } {
  return {
    from: window.from_utc ? jamaicaMidnight(window.from_utc) : undefined,
    to: window.to_utc ? jamaicaMidnight(addDays(window.to_utc, 1)) : undefined,
  };
}
