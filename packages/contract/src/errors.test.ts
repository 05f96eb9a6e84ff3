import { describe, expect, it } from 'vitest';
import { apiErrorSchema, ERROR_CODES } from './errors.ts';

describe('error codes', () => {
  it('are listed once each, in alphabetical order', () => {
    expect([...ERROR_CODES]).toEqual([...new Set(ERROR_CODES)].sort());
  });

  it('are the only codes an error body may carry', () => {
    expect(apiErrorSchema.safeParse({ code: 'INSUFFICIENT_FUNDS', message: 'x' }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ code: 'SOMETHING_ELSE', message: 'x' }).success).toBe(false);
  });
});
