import { describe, expect, it } from 'vitest';
import {
  BATCH_FILE_MAX_BYTES,
  EXPORT_TABLES,
  batchFileName,
  exportFileName,
  formatPhone,
  limitBarColour,
  limitUsagePercent,
  qrFileName,
  smartphoneTabsShown,
  sortParam,
  truncate,
  usesDetailsSideLayout,
} from './constants.ts';

describe('limitUsagePercent', () => {
  it('is 100 minus the truncated percentage remaining', () => {
    expect(limitUsagePercent(100_000, 100_000)).toBe(0);
    expect(limitUsagePercent(0, 100_000)).toBe(100);
    expect(limitUsagePercent(50_000, 100_000)).toBe(50);
    // 33.333…% remaining truncates to 33, so 67% is used.
    expect(limitUsagePercent(1, 3)).toBe(67);
    expect(limitUsagePercent(99_999, 100_000)).toBe(1);
  });

  it('has no floating-point drift', () => {
    // 29 / 100 * 100 is 28.999… in floating point, which would show 72.
    expect(limitUsagePercent(29, 100)).toBe(71);
    expect(limitUsagePercent(57, 100)).toBe(43);
  });

  it('stays within 0..100', () => {
    expect(limitUsagePercent(150_000, 100_000)).toBe(0);
    expect(limitUsagePercent(-1, 100_000)).toBe(100);
    expect(limitUsagePercent(-1, 50)).toBe(100);
  });

  it('shows a missing or zero limit as used up', () => {
    expect(limitUsagePercent(0, 0)).toBe(100);
    expect(limitUsagePercent(10, 0)).toBe(100);
    expect(limitUsagePercent(Number.NaN, 100)).toBe(100);
  });

  it('handles large cent amounts exactly', () => {
    expect(limitUsagePercent(4_503_599_627_370_495, 9_007_199_254_740_991)).toBe(51);
  });
});

describe('limitBarColour', () => {
  it.each([
    [0, 'success'],
    [49, 'success'],
    [50, 'warning'],
    [74, 'warning'],
    [75, 'danger'],
    [100, 'danger'],
  ])('%i%% is %s', (percent, colour) => {
    expect(limitBarColour(percent)).toBe(colour);
  });
});

describe('file names', () => {
  it('follow the spec patterns', () => {
    expect(batchFileName('March payroll')).toBe('batch_March payroll.csv');
    expect(exportFileName('lynk', '2025-03-01', '2025-03-31')).toBe('lynk_2025-03-01_to_2025-03-31.csv');
    expect(qrFileName('Cool Runnings Cafe')).toBe('Cool Runnings Cafe__qrCode');
  });
});

describe('formatPhone', () => {
  it.each([
    ['8765551234', '+1 (876) 555-1234'],
    ['18765551234', '+1 (876) 555-1234'],
    ['+1 876-555-1234', '+1 (876) 555-1234'],
    ['(876) 555.1234', '+1 (876) 555-1234'],
    ['1-876-555-1234', '+1 (876) 555-1234'],
    ['(876) 555 1234', '+1 (876) 555-1234'],
  ])('formats the US-pattern number %j', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });

  it.each(['+44 20 7946 0958', '555-1234', '28765551234', 'call 8765551234', ''])(
    'shows %j as is',
    (input) => {
      expect(formatPhone(input)).toBe(input);
    },
  );
});

describe('truncate', () => {
  it('adds "..." only when the text was cut', () => {
    expect(truncate('Payroll March 2025 week 1', 15)).toBe('Payroll March 2...');
    expect(truncate('Exactly fifteen', 15)).toBe('Exactly fifteen');
    expect(truncate('short', 20)).toBe('short');
    expect(truncate('', 5)).toBe('');
  });

  it('does not split a character made of two code units', () => {
    expect(truncate('ab😀cd', 3)).toBe('ab😀...');
  });
});

describe('layout rules', () => {
  it('pages smartphone tabs two at a time only above three tabs', () => {
    expect(smartphoneTabsShown(3)).toBe(3);
    expect(smartphoneTabsShown(4)).toBe(2);
    expect(smartphoneTabsShown(5)).toBe(2);
  });

  it('uses the side layout for details only above 500 px', () => {
    expect(usesDetailsSideLayout(500)).toBe(false);
    expect(usesDetailsSideLayout(501)).toBe(true);
  });
});

describe('limits', () => {
  it('caps the batch file at 20 MB and exports three tables', () => {
    expect(BATCH_FILE_MAX_BYTES).toBe(20_971_520);
    expect(EXPORT_TABLES).toEqual(['Orders', 'Transfers', 'Refunds']);
  });

  it('sends the sort in upper case', () => {
    expect(sortParam('asc')).toBe('ASC');
    expect(sortParam('desc')).toBe('DESC');
  });
});
