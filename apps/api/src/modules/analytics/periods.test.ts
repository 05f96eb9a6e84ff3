import { describe, expect, it } from 'vitest';
import { addDays } from '../ledger/jamaica-time.ts';
import { fullMonthsOf, payerBlocks, periodOf } from './periods.ts';

/** The day a block of the payers' rollup ends: its span's days from its start, or its month's end. */
function blockEnd({ span, start }: { span: number; start: string }): string {
  const monthEnd = (day: string) => addDays(`${addDays(`${day.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1);
  const after = (day: string) => addDays(monthEnd(day), 1);
  if (span === 92) return monthEnd(after(after(start)));
  if (span === 31) return monthEnd(start);
  const end = addDays(start, span - 1);
  return end < monthEnd(start) ? end : monthEnd(start);
}

describe('the analytics calendar', () => {
  it('compares a period with as many days before it, by the hour for one day', () => {
    expect(periodOf({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      previous_from: '2026-01-29',
      previous_to: '2026-02-28',
      granularity: 'DAY',
    });
    expect(periodOf({ from: '2026-03-01', to: '2026-03-01' })).toMatchObject({
      previous_from: '2026-02-28',
      granularity: 'HOUR',
    });
  });

  it('finds the whole months of a period', () => {
    expect(fullMonthsOf('2025-11-29', '2026-11-28')).toEqual({ from: '2025-12-01', to: '2026-11-01' });
    expect(fullMonthsOf('2026-02-01', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(fullMonthsOf('2026-02-02', '2026-03-30')).toBeNull();
  });

  it('tiles any period with aligned payer blocks, each day once, a year in a handful', () => {
    const start = '2024-12-20';
    for (let offset = 0; offset < 400; offset += 7) {
      for (const length of [1, 2, 7, 30, 31, 45, 90, 365, 366]) {
        const from = addDays(start, offset);
        const to = addDays(from, length - 1);
        const blocks = payerBlocks(from, to);
        let next = from;
        for (const block of blocks) {
          expect(block.start, `${from}..${to}`).toBe(next);
          const day = Number(block.start.slice(8, 10));
          if (block.span === 31) expect(day).toBe(1);
          else if (block.span === 92) expect([1, 4, 7, 10]).toContain(Number(block.start.slice(5, 7)));
          else expect((day - 1) % block.span).toBe(0);
          next = addDays(blockEnd(block), 1);
        }
        expect(next, `${from}..${to}`).toBe(addDays(to, 1));
        expect(blocks.length).toBeLessThanOrEqual(length >= 365 ? 16 : 12);
      }
    }
  });
});
