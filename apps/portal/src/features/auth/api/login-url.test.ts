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

  it('refuses a path with a control character or a backslash anywhere', () => {
    // Browsers strip tabs and newlines from URLs: "/\t/evil.example" would become "//evil.example".
    expect(safeReturnTo('/\t/evil.example')).toBe('/');
    expect(safeReturnTo('/\n/evil.example')).toBe('/');
    expect(safeReturnTo('/\r/evil.example')).toBe('/');
    expect(safeReturnTo('/1001\u0000/staff')).toBe('/');
    expect(safeReturnTo('/1001/staff\u001f')).toBe('/');
    expect(safeReturnTo('/1001/\u007fstaff')).toBe('/');
    // And "\\" reads as "/" in a browser, wherever it is.
    expect(safeReturnTo('/1001\\staff')).toBe('/');
    expect(safeReturnTo('/\\\\evil.example')).toBe('/');
    expect(loginUrl({ returnTo: '/\t/evil.example' })).toBe('/auth/login?returnTo=%2F');
    // Printable characters around them are fine.
    expect(safeReturnTo('/1001/staff?q=a%20b&x=~')).toBe('/1001/staff?q=a%20b&x=~');
    expect(safeReturnTo('/1001/caf\u00e9')).toBe('/1001/caf\u00e9');
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
