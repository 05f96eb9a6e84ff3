import { describe, expect, it } from 'vitest';
import { organizationFromLocation, parentOrgOverride, resolvePathTarget } from './location-org';

describe('resolvePathTarget', () => {
  it.each([
    ['/', '', { kind: 'app', orgId: null }],
    ['/staff', '', { kind: 'app', orgId: null }],
    ['/profile', '', { kind: 'app', orgId: null }],
    ['/analytics', '', { kind: 'app', orgId: null }],
    ['/support', '', { kind: 'app', orgId: null }],
    ['/1001', '', { kind: 'app', orgId: 'org_1001' }],
    ['/1001/lynk-wallet/orders', '', { kind: 'app', orgId: 'org_1001' }],
    ['/1002/staff', '?parent_org_id=org_1001', { kind: 'app', orgId: 'org_1001' }],
    ['/', '?parent_org_id=1001', { kind: 'app', orgId: 'org_1001' }],
    ['/lynk-wallet', '', { kind: 'building' }],
    ['/jamdex-wallet/payments', '', { kind: 'building' }],
    ['/my-Wallet', '', { kind: 'building' }],
    ['/abc', '', { kind: 'not-found' }],
    ['/10a1/lynk-wallet', '', { kind: 'not-found' }],
  ] as const)('%s%s → %o', (pathname, search, expected) => {
    expect(resolvePathTarget(pathname, search)).toEqual(expected);
  });
});

describe('parentOrgOverride', () => {
  it('ignores values that are not organisation ids', () => {
    expect(parentOrgOverride('?parent_org_id=org_x')).toBeNull();
    expect(parentOrgOverride('?parent_org_id=')).toBeNull();
    expect(parentOrgOverride('')).toBeNull();
  });
});

describe('organizationFromLocation', () => {
  it('is null where the URL leaves the organisation to the session', () => {
    expect(organizationFromLocation('/', '')).toBeNull();
    expect(organizationFromLocation('/lynk-wallet', '')).toBeNull();
    expect(organizationFromLocation('/1001/notifications/all', '')).toBe('org_1001');
  });
});
