/** The demo sign-ins seeded on first start (see the README). */
export const DEMO_PASSWORD = 'LynkDemo!2026';

export const USERS = {
  superAdmin: 'superadmin@bluemountain.example',
  admin: 'admin.kingston@bluemountain.example',
  manager: 'manager.kingston@bluemountain.example',
  cashier: 'cashier.kingston@bluemountain.example',
  adminOchoRios: 'admin.ochorios@bluemountain.example',
  cashierOchoRios: 'cashier.ochorios@bluemountain.example',
  managerOchoRios: 'manager.ochorios@bluemountain.example',
  adminMontego: 'admin.montego@bluemountain.example',
  managerMontego: 'manager.montego@bluemountain.example',
  noAccess: 'noaccess@bluemountain.example',
} as const;

/** The authenticator secret seeded for the demo admins and super admin (see the README). */
export const DEMO_TOTP_SECRET = 'LYNKDEMOLYNKDEMOLYNKDEMOLYNKDEMO';

/** Who must give a code after the password: admins and super admins (ADR 030). */
export function needsSecondFactor(email: string): boolean {
  return /^(superadmin|admin\.)/.test(email);
}

/** The parent organisation's own main wallet: its seeded opening balance, which no journey moves. */
export const PARENT_WALLET_CENTS = 480_000_00;
