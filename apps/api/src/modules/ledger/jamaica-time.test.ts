import { describe, expect, it } from 'vitest';
import { jamaicaDate, periodEnd, periodStart } from './jamaica-time.ts';

describe('Jamaica limit periods', () => {
  it('is still the previous day in Jamaica before 05:00 UTC', () => {
    expect(jamaicaDate(new Date('2026-11-24T04:59:59Z'))).toBe('2026-11-23');
    expect(jamaicaDate(new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-24');
  });

  it('starts a daily period on the Jamaica date and ends it at the next Jamaica midnight', () => {
    const start = periodStart(new Date('2026-11-24T03:00:00Z'), 1);
    expect(start).toBe('2026-11-23');
    expect(periodEnd(start, 1).toISOString()).toBe('2026-11-24T05:00:00.000Z');
  });

  it('starts a weekly period on Monday', () => {
    // Sunday 29 November 2026, 23:00 in Jamaica.
    expect(periodStart(new Date('2026-11-30T04:00:00Z'), 2)).toBe('2026-11-23');
    // Monday 30 November 2026, 00:30 in Jamaica.
    expect(periodStart(new Date('2026-11-30T05:30:00Z'), 2)).toBe('2026-11-30');
    expect(periodEnd('2026-11-23', 2).toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });
});
