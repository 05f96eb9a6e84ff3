import { ANALYTICS_MAX_DAYS } from '@lynk/contract/analytics';
import { describe, expect, it } from 'vitest';
import { jamaicaToday, presetRange, validCustomRange } from './period';

describe('the analytics periods', () => {
  it("takes today's date on Jamaica's clock, not the browser's or UTC's", () => {
    // 03:00 UTC on 1 December is still 30 November, 22:00, in Kingston (UTC-5).
    expect(jamaicaToday(new Date('2026-12-01T03:00:00.000Z'))).toBe('2026-11-30');
    expect(jamaicaToday(new Date('2026-12-01T05:00:00.000Z'))).toBe('2026-12-01');
  });

  it('ends every preset today, counting today in', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('7d', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    // Across a leap February: 1 February to 1 March 2024 is 30 days.
    expect(presetRange('30d', '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(presetRange('month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('takes a custom range of real days in order, at most 366 of them', () => {
    expect(ANALYTICS_MAX_DAYS).toBe(366);
    expect(validCustomRange('2026-01-01', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(validCustomRange('2025-01-01', '2026-01-01')).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(validCustomRange('2025-01-01', '2026-01-02')).toBeNull();
    expect(validCustomRange('2026-03-31', '2026-01-01')).toBeNull();
    expect(validCustomRange('2026-02-30', '2026-03-01')).toBeNull();
    expect(validCustomRange('2026-01-01', null)).toBeNull();
  });
});
