import { describe, expect, it } from 'vitest';
import { loginUrl, safeReturnTo } from './login-url';
import { safeLogoutLocation } from './logout';

describe('loginUrl', () => {
  it('carries the organisation and the page to come back to', () => {
    expect(loginUrl({ org: 'org_1001', returnTo: '/1001/lynk-wallet' })).toBe(
      '/auth/login?org=org_1001&returnTo=%2F1001%2Flynk-wallet',
    );
    expect(loginUrl()).toBe('/auth/login?returnTo=%2F');
  });

  it('only sends same-origin paths back', () => {
    expect(safeReturnTo('https://evil.example/')).toBe('/');
    expect(safeReturnTo('//evil.example/')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('/1001/staff?x=1')).toBe('/1001/staff?x=1');
  });
});

describe('safeLogoutLocation', () => {
  it('follows http(s) locations and refuses other schemes', () => {
    expect(safeLogoutLocation('https://idp.example/session/end?x=1')).toBe(
      'https://idp.example/session/end?x=1',
    );
    expect(safeLogoutLocation('/')).toBe(`${window.location.origin}/`);
    expect(safeLogoutLocation('javascript:alert(1)')).toBe('/');
  });
});
