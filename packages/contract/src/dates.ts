import { MESSAGES } from './messages.ts';

/** Patterns a typed date may be parsed with: the display form and the form the API sends. */
export type ParsePattern = 'DD/MM/YYYY' | 'YYYY-MM-DD';

/** Display formats of spec section 9. */
export type DisplayPattern =
  | 'DD/MM/YYYY'
  | 'DD/MM/YYYY HH:mm'
  | 'DD/MM/YYYY HH:mm a'
  | 'MMM DD YYYY hh:mm a'
  | 'MMM DD at hh:mm a'
  | 'YYYY-MM-DD';

/** The merchants' wall-clock time zone (no daylight saving: always UTC-5). */
const DEFAULT_TIME_ZONE = 'America/Jamaica';

const PARSERS: Record<
  ParsePattern,
  { regex: RegExp; order: readonly ['d' | 'm' | 'y', 'd' | 'm' | 'y', 'd' | 'm' | 'y'] }
> = {
  'DD/MM/YYYY': { regex: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'YYYY-MM-DD': { regex: /^(\d{4})-(\d{2})-(\d{2})$/, order: ['y', 'm', 'd'] },
};

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function utcMidnight(year: number, month: number, day: number): Date {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/**
 * A calendar date (UTC midnight) when the text matches the pattern exactly and names a real day;
 * otherwise null. "1/2/2025", "31/02/2025" and " 01/02/2025" are all null.
 */
export function parseStrictDate(text: string, pattern: ParsePattern = 'DD/MM/YYYY'): Date | null {
  const { regex, order } = PARSERS[pattern];
  const match = regex.exec(text);
  if (!match) return null;
  const parts = { d: 0, m: 0, y: 0 };
  order.forEach((key, i) => {
    parts[key] = Number(match[i + 1]);
  });
  if (parts.y < 1 || parts.m < 1 || parts.m > 12) return null;
  if (parts.d < 1 || parts.d > daysInMonth(parts.y, parts.m)) return null;
  return utcMidnight(parts.y, parts.m, parts.d);
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** A wall-clock reading: year, month (1-12), day, hour (0-23) and minute. */
interface WallClock {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
}

/** The wall clock in `timeZone` read from the platform's time-zone data (slow: ICU per call). */
function wallClockFromFormatter(date: Date, timeZone: string): WallClock {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      // h23, not hour12: false, which renders midnight as "24" in some engines.
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
  };
}

/**
 * A zone's offset only changes at a transition, and every transition of today's time-zone data
 * falls on a quarter hour of UTC (whole, half and quarter-hour offsets changing at a local hour or
 * half hour), at most once a day. So ICU is asked for the offset at the two ends of a date's UTC
 * day: the same offset at both ends holds for the whole day, and only on a day it changes is the
 * date's own quarter hour asked. A page of a table's dates (an ICU call per cell before) costs a
 * few calls and then additions.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const offsets = new Map<string, number>();

/**
 * Zones whose offset has not changed since an instant, read without ICU after it: the portal shows
 * every time in Jamaica's, and a page's first ICU reading of a zone costs ~25 ms of a phone's main
 * thread (ICU loading the zone's data). Jamaica has kept EST, UTC-5, without daylight saving since
 * 1984 (tz database, America/Jamaica); a test compares this with the platform's data over decades.
 */
const UNCHANGED_SINCE: Record<string, { since: number; offset: number } | undefined> = {
  'America/Jamaica': { since: Date.UTC(1984, 0, 1, 5), offset: -5 * 3_600_000 },
};

/** The zone's offset from UTC at an instant on a quarter hour, in milliseconds. */
function offsetAt(quarter: number, timeZone: string): number {
  const unchanged = UNCHANGED_SINCE[timeZone];
  if (unchanged && quarter >= unchanged.since) return unchanged.offset;
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const t = wallClockFromFormatter(new Date(quarter), timeZone);
    // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
    const asUtc = new Date(0);
    asUtc.setUTCFullYear(t.y, t.m - 1, t.d);
    asUtc.setUTCHours(t.h, t.min);
    offset = asUtc.getTime() - quarter;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

function wallClock(date: Date, timeZone: string): WallClock {
  const at = date.getTime();
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  const dayOffset = offsetAt(day, timeZone);
  const offset =
    dayOffset === offsetAt(day + DAY_MS, timeZone)
      ? dayOffset
      : offsetAt(Math.floor(at / QUARTER_HOUR_MS) * QUARTER_HOUR_MS, timeZone);
  const wall = new Date(at + offset);
  return {
    y: wall.getUTCFullYear(),
    m: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    h: wall.getUTCHours(),
    min: wall.getUTCMinutes(),
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Formats an instant as the wall-clock time in `timeZone`. Calendar dates from parseStrictDate are
 * UTC midnights: format them with timeZone "UTC" (or use toApiDate) or they show the previous day.
 * The "a" token is matched only as a word so the literal "at" in "MMM DD at hh:mm a" survives.
 */
export function formatDate(
  date: Date,
  pattern: DisplayPattern = 'DD/MM/YYYY',
  timeZone = DEFAULT_TIME_ZONE,
): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Cannot format an invalid date');
  const t = wallClock(date, timeZone);
  const tokens: Record<string, string> = {
    YYYY: pad(t.y, 4),
    MMM: MONTH_NAMES[t.m - 1] ?? '',
    MM: pad(t.m),
    DD: pad(t.d),
    HH: pad(t.h),
    hh: pad(t.h % 12 === 0 ? 12 : t.h % 12),
    mm: pad(t.min),
    a: t.h < 12 ? 'am' : 'pm',
  };
  return pattern.replace(/YYYY|MMM|MM|DD|HH|hh|mm|\ba\b/g, (token) => tokens[token] ?? token);
}

/** "YYYY-MM-DD" of a calendar date, the form from_utc/to_utc are sent in. */
export function toApiDate(date: Date): string {
  return formatDate(date, 'YYYY-MM-DD', 'UTC');
}

/** The same day one calendar month later, clamped to the month's end (31 Jan → 28 or 29 Feb). */
export function addOneMonth(date: Date): Date {
  const year = date.getUTCFullYear() + (date.getUTCMonth() === 11 ? 1 : 0);
  const month = ((date.getUTCMonth() + 1) % 12) + 1;
  const result = utcMidnight(year, month, Math.min(date.getUTCDate(), daysInMonth(year, month)));
  result.setUTCHours(
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return result;
}

export function isRangeWithinOneMonth(start: Date, end: Date): boolean {
  return start.getTime() <= end.getTime() && end.getTime() <= addOneMonth(start).getTime();
}

export interface DateRangeOptions {
  /** Export ranges may span at most one calendar month. */
  maxOneMonth?: boolean;
  /** Reject an end date after today's calendar date in `timeZone`. */
  noFuture?: boolean;
  /** "Now", for tests and for the server's clock; defaults to the current instant. */
  today?: Date;
  timeZone?: string;
  pattern?: ParsePattern;
}

export type DateRangeResult = { ok: true; start: Date; end: Date } | { ok: false; message: string };

/** The date-filter and export-range rules of spec section 5, with the texts the user sees. */
export function validateDateRange(start: string, end: string, opts: DateRangeOptions = {}): DateRangeResult {
  const pattern = opts.pattern ?? 'DD/MM/YYYY';
  if (start.trim() === '' || end.trim() === '') return { ok: false, message: MESSAGES.dateRange.blank };
  const startDate = parseStrictDate(start.trim(), pattern);
  const endDate = parseStrictDate(end.trim(), pattern);
  if (!startDate || !endDate) return { ok: false, message: MESSAGES.dateRange.invalidDate(pattern) };
  if (startDate > endDate) return { ok: false, message: MESSAGES.dateRange.startAfterEnd };
  if (opts.noFuture) {
    const now = wallClock(opts.today ?? new Date(), opts.timeZone ?? DEFAULT_TIME_ZONE);
    if (endDate > utcMidnight(now.y, now.m, now.d)) return { ok: false, message: MESSAGES.dateRange.future };
  }
  if (opts.maxOneMonth && !isRangeWithinOneMonth(startDate, endDate)) {
    return { ok: false, message: MESSAGES.dateRange.tooLong };
  }
  return { ok: true, start: startDate, end: endDate };
}
