import type { PermissionString } from './permissions.ts';

/** Role ids of spec section 9. Id 5 is a demo role with no permissions (it shows the Access Denied page). */
export const ROLE_IDS = { ADMIN: 1, MANAGER: 2, CASHIER: 3, SUPER_ADMIN: 4, NO_ACCESS: 5 } as const;
export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Admin',
  2: 'Manager',
  3: 'Cashier',
  4: 'Super Administrator',
  5: 'No Access',
};

const CASHIER: PermissionString[] = ['read:owned-orders', 'create:orders', 'read:profile'];

const MANAGER: PermissionString[] = [
  'read:orders',
  'create:orders',
  'read:refunds',
  'create:refunds',
  'read:cashouts',
  'create:cashouts',
  'read:cashins',
  // Moving money between the main wallet and JAM-DEX stays inside the merchant's own wallets.
  'create:cbdc-cashins',
  'create:cbdc-cashouts',
  'read:balance',
  'read:profile',
  'read:reports-detailed',
  'read:batch-payments',
  'create:batch-payments',
];

const ADMIN: PermissionString[] = [
  ...MANAGER,
  'create:cashins',
  'approve:batch-payments',
  'create:staff',
  'read:staff',
  'update:staff',
  'delete:staff',
  'update:profile',
];

/** The role → permission matrix seeded into the roles table. */
export const ROLE_PERMISSIONS: Record<RoleId, readonly PermissionString[]> = {
  1: ADMIN,
  2: MANAGER,
  3: CASHIER,
  4: ADMIN,
  5: [],
};
