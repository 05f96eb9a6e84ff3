import { describe, expect, it } from 'vitest';
import {
  MAX_CENTS,
  centsSchema,
  centsToDecimalString,
  formatCents,
  formatJmd,
  parseAmountToCents,
} from './money.ts';

describe('formatCents', () => {
  it('shows J$, thousands separators and two decimals', () => {
    expect(formatCents(123450)).toBe('J$1,234.50');
    expect(formatCents(100000001)).toBe('J$1,000,000.01');
    expect(formatCents(5)).toBe('J$0.05');
  });

  it('shows zero as J$0.00', () => {
    expect(formatCents(0)).toBe('J$0.00');
    expect(formatCents(-0)).toBe('J$0.00');
  });

  it('shows the absolute value of a negative amount', () => {
    expect(formatCents(-123450)).toBe('J$1,234.50');
    expect(formatCents(-1n)).toBe('J$0.01');
  });

  it('drops .00 only when asked and only when the cents are zero', () => {
    expect(formatCents(1200, { dropZeroCents: true })).toBe('J$12');
    expect(formatCents(1250, { dropZeroCents: true })).toBe('J$12.50');
    expect(formatCents(1200)).toBe('J$12.00');
  });

  it('takes another prefix, including none', () => {
    expect(formatCents(1200, { currencyPrefix: 'US$' })).toBe('US$12.00');
    expect(formatCents(123450, { currencyPrefix: '' })).toBe('1,234.50');
  });

  it('formats very large amounts exactly, as numbers and as bigints', () => {
    expect(formatCents(1e15)).toBe('J$10,000,000,000,000.00');
    expect(formatCents(MAX_CENTS)).toBe('J$90,071,992,547,409.91');
    expect(formatCents(123456789012345678901n)).toBe('J$1,234,567,890,123,456,789.01');
  });

  it('refuses fractional or unsafe cents instead of rounding them away', () => {
    expect(() => formatCents(12.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(MAX_CENTS + 2)).toThrow(RangeError);
  });
});

describe('formatJmd', () => {
  it('puts JMD after the grouped amount', () => {
    expect(formatJmd(150000)).toBe('1,500.00 JMD');
    expect(formatJmd(-7)).toBe('0.07 JMD');
  });
});

describe('centsToDecimalString', () => {
  it('gives a plain two-decimal string, keeping the sign', () => {
    expect(centsToDecimalString(123450)).toBe('1234.50');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(7)).toBe('0.07');
    expect(centsToDecimalString(-123450)).toBe('-1234.50');
    expect(centsToDecimalString(MAX_CENTS)).toBe('90071992547409.91');
  });

  it('round-trips through parseAmountToCents', () => {
    for (const cents of [0, 1, 10, 99, 100, 123456, MAX_CENTS]) {
      expect(parseAmountToCents(centsToDecimalString(cents))).toBe(cents);
    }
  });
});

describe('parseAmountToCents', () => {
  it.each([
    ['1,234.5', 123450],
    ['1234.50', 123450],
    ['J$ 12', 1200],
    ['J$12.3', 1230],
    ['  7  ', 700],
    ['0', 0],
    ['0.1', 10],
    ['0.29', 29],
    ['1.15', 115],
    ['1,000,000.01', 100000001],
    ['90071992547409.91', MAX_CENTS],
  ])('parses %j as %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    'J$',
    '1.005',
    '1.234',
    '-5',
    '+5',
    '1e3',
    '1E3',
    '.5',
    '12.',
    '12,34',
    '1234,567',
    '1,23,456',
    '1 234',
    'abc',
    '12abc',
    'NaN',
    'Infinity',
    '0x10',
    '90071992547409.92',
    '99999999999999999999999',
  ])('rejects %j', (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });
});

describe('centsSchema', () => {
  it('accepts non-negative safe integers only', () => {
    expect(centsSchema.safeParse(0).success).toBe(true);
    expect(centsSchema.safeParse(MAX_CENTS).success).toBe(true);
    expect(centsSchema.safeParse(-1).success).toBe(false);
    expect(centsSchema.safeParse(1.5).success).toBe(false);
    expect(centsSchema.safeParse(MAX_CENTS + 1).success).toBe(false);
  });
});
