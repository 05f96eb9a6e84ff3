import { describe, expect, it } from 'vitest';
import {
  addOneMonth,
  formatDate,
  isRangeWithinOneMonth,
  parseStrictDate,
  toApiDate,
  validateDateRange,
} from './dates.ts';

const utc = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

/** The platform's own reading of a zone's wall clock (ICU), as "DD/MM/YYYY HH:mm". */
function platformWallClock(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => format.format(date).replace(',', '');
}

describe('parseStrictDate', () => {
  it('parses DD/MM/YYYY to UTC midnight', () => {
    expect(parseStrictDate('05/01/2025')?.toISOString()).toBe('2025-01-05T00:00:00.000Z');
    expect(parseStrictDate('31/12/1999')?.toISOString()).toBe('1999-12-31T00:00:00.000Z');
  });

  it('parses YYYY-MM-DD when asked', () => {
    expect(parseStrictDate('2025-01-05', 'YYYY-MM-DD')?.toISOString()).toBe('2025-01-05T00:00:00.000Z');
    expect(parseStrictDate('05/01/2025', 'YYYY-MM-DD')).toBeNull();
    expect(parseStrictDate('2025-01-05')).toBeNull();
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseStrictDate('29/02/2024')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseStrictDate('29/02/2000')).not.toBeNull();
    expect(parseStrictDate('29/02/2025')).toBeNull();
    expect(parseStrictDate('29/02/1900')).toBeNull();
  });

  it.each([
    '31/02/2025',
    '31/04/2025',
    '00/01/2025',
    '32/01/2025',
    '01/00/2025',
    '01/13/2025',
    '01/01/0000',
    '1/2/2025',
    '01/2/2025',
    '01/02/25',
    ' 01/02/2025',
    '01/02/2025 ',
    '01-02-2025',
    '01/02/2025 10:00',
    '',
  ])('rejects %j', (text) => {
    expect(parseStrictDate(text)).toBeNull();
  });

  it('keeps years below 100 as written', () => {
    expect(parseStrictDate('01/01/0050')?.getUTCFullYear()).toBe(50);
  });
});

describe('formatDate', () => {
  // 20:04 UTC is 15:04 in Jamaica, which stays on UTC-5 all year.
  const afternoon = new Date('2025-01-05T20:04:00Z');

  it('renders every display pattern in Jamaica time by default', () => {
    expect(formatDate(afternoon)).toBe('05/01/2025');
    expect(formatDate(afternoon, 'DD/MM/YYYY HH:mm')).toBe('05/01/2025 15:04');
    expect(formatDate(afternoon, 'DD/MM/YYYY HH:mm a')).toBe('05/01/2025 15:04 pm');
    expect(formatDate(afternoon, 'MMM DD YYYY hh:mm a')).toBe('Jan 05 2025 03:04 pm');
    expect(formatDate(afternoon, 'MMM DD at hh:mm a')).toBe('Jan 05 at 03:04 pm');
    expect(formatDate(afternoon, 'YYYY-MM-DD')).toBe('2025-01-05');
  });

  it('shows midnight as 12 am and noon as 12 pm', () => {
    expect(formatDate(new Date('2025-07-01T05:00:00Z'), 'MMM DD YYYY hh:mm a')).toBe('Jul 01 2025 12:00 am');
    expect(formatDate(new Date('2025-07-01T05:00:00Z'), 'DD/MM/YYYY HH:mm')).toBe('01/07/2025 00:00');
    expect(formatDate(new Date('2025-07-01T17:00:00Z'), 'MMM DD at hh:mm a')).toBe('Jul 01 at 12:00 pm');
  });

  it('moves to the previous day when UTC has already turned over', () => {
    expect(formatDate(new Date('2025-03-01T03:00:00Z'))).toBe('28/02/2025');
  });

  it('uses the given time zone', () => {
    expect(formatDate(afternoon, 'DD/MM/YYYY HH:mm', 'UTC')).toBe('05/01/2025 20:04');
    expect(formatDate(afternoon, 'DD/MM/YYYY HH:mm', 'Asia/Tokyo')).toBe('06/01/2025 05:04');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate(new Date('nope'))).toThrow(RangeError);
  });

  it('reads the wall clock as the platform does on both sides of daylight-saving changes', () => {
    // Whole, half-hour (Lord Howe's half-hour DST) and quarter-hour (Kathmandu, Chatham) zones,
    // every 7 minutes and 13 seconds over the days around each change of 2025.
    const zones = [
      'America/Jamaica',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    ];
    const days = [
      '2025-03-08',
      '2025-03-29',
      '2025-04-05',
      '2025-09-27',
      '2025-10-04',
      '2025-10-25',
      '2025-11-01',
    ];
    for (const timeZone of zones) {
      const reference = platformWallClock(timeZone);
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`);
        for (let at = start; at < start + 3 * 86_400_000; at += 433_000) {
          const date = new Date(at);
          expect(formatDate(date, 'DD/MM/YYYY HH:mm', timeZone)).toBe(reference(date));
        }
      }
    }
  });

  it("reads Jamaica's wall clock as the platform does from 1970 to 2060, its last daylight saving included", () => {
    const reference = platformWallClock('America/Jamaica');
    const step = 86_400_000 * 3 + 3_600_000 * 7 + 60_000 * 13;
    const check = (date: Date) => expect(formatDate(date, 'DD/MM/YYYY HH:mm')).toBe(reference(date));
    for (let at = Date.UTC(1970, 0, 1); at < Date.UTC(2060, 0, 1); at += step) check(new Date(at));
    // Every quarter hour around the first instant read without ICU (1984-01-01 00:00 in Kingston).
    for (let at = Date.UTC(1983, 11, 31); at < Date.UTC(1984, 0, 2); at += 900_000) check(new Date(at));
    // And around its last daylight-saving change (30 October 1983, 02:00 back to 01:00).
    for (let at = Date.UTC(1983, 9, 29); at < Date.UTC(1983, 10, 1); at += 420_000) check(new Date(at));
  });

  it('keeps years below 100 as written', () => {
    expect(formatDate(new Date('0050-06-15T12:00:00Z'), 'YYYY-MM-DD', 'UTC')).toBe('0050-06-15');
  });
});

describe('toApiDate', () => {
  it('sends a parsed calendar date as the same day, not the Jamaica day before', () => {
    const date = parseStrictDate('05/01/2025');
    expect(date && toApiDate(date)).toBe('2025-01-05');
  });
});

describe('isRangeWithinOneMonth', () => {
  it('allows up to the same day of the next month', () => {
    expect(isRangeWithinOneMonth(utc('2025-01-15'), utc('2025-01-15'))).toBe(true);
    expect(isRangeWithinOneMonth(utc('2025-01-15'), utc('2025-02-15'))).toBe(true);
    expect(isRangeWithinOneMonth(utc('2025-01-15'), utc('2025-02-16'))).toBe(false);
  });

  it('rejects an end before the start', () => {
    expect(isRangeWithinOneMonth(utc('2025-02-15'), utc('2025-02-14'))).toBe(false);
  });

  it('clamps to the end of a shorter month and crosses years', () => {
    expect(isRangeWithinOneMonth(utc('2025-01-31'), utc('2025-02-28'))).toBe(true);
    expect(isRangeWithinOneMonth(utc('2025-01-31'), utc('2025-03-01'))).toBe(false);
    expect(isRangeWithinOneMonth(utc('2024-01-31'), utc('2024-02-29'))).toBe(true);
    expect(isRangeWithinOneMonth(utc('2024-12-20'), utc('2025-01-20'))).toBe(true);
    expect(isRangeWithinOneMonth(utc('2024-12-20'), utc('2025-01-21'))).toBe(false);
  });

  it('addOneMonth keeps the time of day', () => {
    expect(addOneMonth(new Date('2025-12-31T13:45:00Z')).toISOString()).toBe('2026-01-31T13:45:00.000Z');
  });
});

describe('validateDateRange', () => {
  const today = new Date('2025-03-10T15:00:00Z');

  it('returns both dates when valid', () => {
    expect(
      validateDateRange('01/03/2025', '10/03/2025', { maxOneMonth: true, noFuture: true, today }),
    ).toEqual({
      ok: true,
      start: utc('2025-03-01'),
      end: utc('2025-03-10'),
    });
  });

  it('requires both dates', () => {
    for (const [start, end] of [
      ['', '10/03/2025'],
      ['01/03/2025', ' '],
      ['', ''],
    ]) {
      expect(validateDateRange(start ?? '', end ?? '')).toEqual({
        ok: false,
        message: 'both dates must not be blank',
      });
    }
  });

  it('rejects a date that is not a real DD/MM/YYYY date', () => {
    const result = validateDateRange('31/02/2025', '10/03/2025');
    expect(result).toEqual({ ok: false, message: 'Please enter valid dates as DD/MM/YYYY.' });
  });

  it('rejects a start after the end', () => {
    expect(validateDateRange('11/03/2025', '10/03/2025')).toEqual({
      ok: false,
      message: 'The start date must not be after the end date.',
    });
  });

  it('limits the range to one month only when asked', () => {
    expect(validateDateRange('01/01/2025', '02/02/2025', { maxOneMonth: true })).toEqual({
      ok: false,
      message: "The date range can't exceed 1 month.",
    });
    expect(validateDateRange('01/01/2025', '02/02/2025').ok).toBe(true);
  });

  it('rejects future dates only when asked', () => {
    expect(validateDateRange('01/03/2025', '11/03/2025', { noFuture: true, today })).toEqual({
      ok: false,
      message: 'Future dates are not allowed.',
    });
    expect(validateDateRange('01/03/2025', '11/03/2025', { today }).ok).toBe(true);
  });

  it("judges the future by today's date in Jamaica, not in UTC", () => {
    // 03:00 UTC on 10 March is still 9 March in Kingston.
    const lateEvening = new Date('2025-03-10T03:00:00Z');
    expect(validateDateRange('01/03/2025', '10/03/2025', { noFuture: true, today: lateEvening }).ok).toBe(
      false,
    );
    expect(validateDateRange('01/03/2025', '09/03/2025', { noFuture: true, today: lateEvening }).ok).toBe(
      true,
    );
  });

  it('accepts the API pattern', () => {
    expect(validateDateRange('2025-03-01', '2025-03-05', { pattern: 'YYYY-MM-DD' }).ok).toBe(true);
  });
});
