import { describe, expect, it } from 'vitest';
import { typedAmountInCents } from './typed-amount';

const amount = typedAmountInCents({
  required: 'Amount is required',
  invalid: 'Enter an amount like 1,234.50',
});
const messages = (typed: string) => amount.safeParse(typed).error?.issues.map((issue) => issue.message);

describe('typedAmountInCents', () => {
  it('turns what was typed into cents, a trailing point being typing in progress', () => {
    expect(amount.parse('1,234.50')).toBe(123_450);
    expect(amount.parse('12.')).toBe(1_200);
    expect(amount.parse('0.1')).toBe(10);
  });

  it('asks for an amount when the field is empty', () => {
    expect(messages('')).toEqual(['Amount is required']);
  });

  it('refuses what is not an amount with its own text, and nothing after it', () => {
    expect(messages('12.345')).toEqual(['Enter an amount like 1,234.50']);
    expect(messages('-5')).toEqual(['Enter an amount like 1,234.50']);
    expect(messages('abc')).toEqual(['Enter an amount like 1,234.50']);
  });
});
