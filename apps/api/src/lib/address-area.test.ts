import { describe, expect, it } from 'vitest';
import { addressArea } from './address-area.ts';

describe('addressArea', () => {
  it('names the server area by the whole first segment, with or without a path or query after it', () => {
    expect(addressArea('/api')).toBe('api');
    expect(addressArea('/api/session')).toBe('api');
    expect(addressArea('/api?x=1')).toBe('api');
    expect(addressArea('/auth/login?returnTo=/')).toBe('auth');
    expect(addressArea('/oidc/auth')).toBe('oidc');
    expect(addressArea('/oidc-assets/style.css')).toBe('oidc-assets');
    expect(addressArea('/healthz')).toBe('healthz');
    expect(addressArea('/readyz')).toBe('readyz');
    expect(addressArea('/metrics')).toBe('metrics');
  });

  it('gives every other address to the portal, a first segment that only starts like an area too', () => {
    expect(addressArea('/')).toBe('portal');
    expect(addressArea('/1001/lynk-wallet/orders')).toBe('portal');
    expect(addressArea('/assets/index-AbC123.js')).toBe('portal');
    expect(addressArea('/apis/session')).toBe('portal');
    expect(addressArea('/healthzz')).toBe('portal');
    expect(addressArea('/pay/abc?api=1')).toBe('portal');
    expect(addressArea('')).toBe('portal');
  });
});
