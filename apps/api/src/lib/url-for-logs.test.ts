import { describe, expect, it } from 'vitest';
import { urlForLogs } from './request-logging.ts';

describe('urlForLogs', () => {
  it('keeps an address without secret parameters as it came', () => {
    const url = '/api/payment/customer-transactions?offset=0&limit=10&sort=DESC&from_utc=2026-10-01';
    expect(urlForLogs(url)).toBe(url);
    expect(urlForLogs('/api/session')).toBe('/api/session');
  });

  it.each([
    ['/auth/callback?code=S3CRET&state=S7ATE&iss=x', ['S3CRET', 'S7ATE']],
    ['/oidc/session/end?id_token_hint=S3CRET', ['S3CRET']],
    ['/x?refresh_token=S3CRET&token=T0KEN&code_verifier=V3RIFIER', ['S3CRET', 'T0KEN', 'V3RIFIER']],
    ['/x?CODE=S3CRET', ['S3CRET']],
    ['/x?c%6Fde=S3CRET', ['S3CRET']],
    ['/x?%73tate=S3CRET', ['S3CRET']],
  ])('hides the secret values of %s', (url, secrets) => {
    const logged = urlForLogs(url);
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).toContain('redacted');
  });

  it('keeps the other parameters of an address with a secret one', () => {
    expect(urlForLogs('/auth/callback?code=S3CRET&iss=https%3A%2F%2Fidp')).toBe(
      '/auth/callback?code=redacted&iss=https%3A%2F%2Fidp',
    );
  });
});
