import { describe, expect, it } from 'vitest';
import { isSafeReturnTo, returnToSchema } from './session.ts';

describe('return addresses after signing in', () => {
  it.each(['/', '/1001/lynk-wallet', '/1001/lynk-wallet/orders?from=2026-01-01#top'])(
    'accepts %s',
    (path) => {
      expect(isSafeReturnTo(path)).toBe(true);
    },
  );

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['https://evil.example/', 'absolute'],
    ['/\t/evil.example', 'a tab the browser drops'],
    ['/\n/evil.example', 'a newline the browser drops'],
    ['/\\evil.example', 'a backslash read as a slash'],
    ['relative', 'not a path'],
    [`/${'a'.repeat(2048)}`, 'oversized'],
  ])('refuses %j (%s)', (path) => {
    expect(isSafeReturnTo(path)).toBe(false);
    expect(returnToSchema.safeParse(path).success).toBe(false);
  });

  it('defaults to the site root', () => {
    expect(returnToSchema.parse(undefined)).toBe('/');
  });
});
