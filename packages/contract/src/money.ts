import { z } from 'zod/mini';

/**
 * Money is an integer number of cents everywhere (architecture convention 5). JSON carries cents
 * as numbers, so the ceiling is the largest integer a double holds exactly: J$90 trillion.
 */
export const MAX_CENTS = Number.MAX_SAFE_INTEGER;

/** A non-negative amount of cents as it travels in JSON. */
export const centsSchema = z.int().check(z.gte(0), z.lte(MAX_CENTS));

export interface FormatCentsOptions {
  /** Show "J$12" instead of "J$12.00"; other cents are always shown. */
  dropZeroCents?: boolean;
  /** Defaults to "J$"; pass "" for the bare amount some messages embed. */
  currencyPrefix?: string;
}

function toBigCents(cents: number | bigint): bigint {
  if (typeof cents === 'bigint') return cents;
  // A fractional or unsafe number means a float sum leaked in; refuse to hide it by rounding.
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
  return BigInt(cents);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "J$1,234.50". The sign is never shown: the spec displays the absolute value and colour or context carries direction. */
export function formatCents(cents: number | bigint, opts: FormatCentsOptions = {}): string {
  const big = toBigCents(cents);
  const abs = big < 0n ? -big : big;
  const whole = groupThousands((abs / 100n).toString());
  const fraction = (abs % 100n).toString().padStart(2, '0');
  const prefix = opts.currencyPrefix ?? 'J$';
  if (opts.dropZeroCents && fraction === '00') return `${prefix}${whole}`;
  return `${prefix}${whole}.${fraction}`;
}

/** "1,234.50 JMD", the style the main wallet uses where it is labelled JMD. */
export function formatJmd(cents: number | bigint): string {
  return `${formatCents(cents, { currencyPrefix: '' })} JMD`;
}

/** "1234.50" (signed, no grouping): the machine form for inputs and CSV cells. */
export function centsToDecimalString(cents: number | bigint): string {
  const big = toBigCents(cents);
  const abs = big < 0n ? -big : big;
  const sign = big < 0n ? '-' : '';
  return `${sign}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, '0')}`;
}

// Either correctly grouped thousands ("1,234,567") or plain digits; never a mix, never a sign or exponent.
const AMOUNT_PATTERN = /^(?:J\$\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/i;

/**
 * Parses what a user typed ("1,234.5", "1234.50", "J$ 12") into cents with string arithmetic, so
 * "0.1" is exactly 10. Anything ambiguous returns null: more than two decimals, a sign, an exponent,
 * a bare "." or misplaced thousands separators.
 */
export function parseAmountToCents(input: string): number | null {
  const match = AMOUNT_PATTERN.exec(input.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replaceAll(',', '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = BigInt(whole + fraction);
  return cents <= BigInt(MAX_CENTS) ? Number(cents) : null;
}
