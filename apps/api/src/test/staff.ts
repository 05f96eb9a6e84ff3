import type { TestApp } from './test-app.ts';
import { signIn } from './test-app.ts';
import { DEMO_PASSWORD, EMAIL_DOMAIN } from '../world/demo-seed.ts';

/** Helpers of the staff module's tests: signed-in cookies and the staff calls. */
export const STAFF_URL = '/api/profile/v3/staff';
export const KINGSTON = 1001;
export const MONTEGO = 1002;

export const demoEmail = (local: string) => `${local}@${EMAIL_DOMAIN}`;

export async function cookieOf(t: TestApp, local: string, org?: string): Promise<string> {
  const flow = await signIn(t.app, demoEmail(local), DEMO_PASSWORD, org ? { org } : {});
  return flow.jar.header();
}

export function staffCalls(t: TestApp) {
  const headers = (cookie?: string) => ({ 'x-lynk-csrf': '1', ...(cookie ? { cookie } : {}) });
  return {
    get: (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: headers(cookie) }),
    post: (body: unknown, cookie?: string) =>
      t.app.inject({ method: 'POST', url: STAFF_URL, headers: headers(cookie), payload: body as object }),
    patch: (id: number, body: unknown, cookie?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `${STAFF_URL}/${id}`,
        headers: headers(cookie),
        payload: body as object,
      }),
    remove: (id: number, cookie?: string) =>
      t.app.inject({ method: 'DELETE', url: `${STAFF_URL}/${id}`, headers: headers(cookie) }),
    session: (cookie: string) => t.app.inject({ url: '/api/session', headers: { cookie } }),
  };
}

/** A demo member of the caller's merchant as the staff API shows them, found by their email's local part. */
export async function memberOf(call: ReturnType<typeof staffCalls>, admin: string, local: string) {
  const list = (await call.get(`${STAFF_URL}?limit=100`, admin)).json().result as {
    id: number;
    email: string;
  }[];
  const { id } = list.find((m) => m.email === demoEmail(local))!;
  return (await call.get(`${STAFF_URL}/${id}`, admin)).json();
}

export function newStaff(
  email: string,
  roleId: number,
  extra: { display_name?: string; show_qr_display_name?: boolean; merchant_id?: number } = {},
) {
  return {
    email,
    display_name: extra.display_name ?? 'New Person',
    merchants: [
      {
        merchant_id: extra.merchant_id ?? KINGSTON,
        role_id: roleId,
        show_qr_display_name: extra.show_qr_display_name ?? false,
        active: true,
      },
    ],
  };
}

/** The PATCH body of a member as GET returns them, with `change` applied. */
export function editOf(
  member: {
    auth_id: string;
    email: string;
    display_name: string;
    role_id: number;
    show_qr_display_name: boolean;
    active: boolean;
  },
  change: Record<string, unknown> = {},
  merchantId = KINGSTON,
) {
  return {
    merchant_id: merchantId,
    auth_id: member.auth_id,
    email: member.email,
    display_name: member.display_name,
    role_id: member.role_id,
    show_qr_display_name: member.show_qr_display_name,
    active: member.active,
    ...change,
  };
}

export async function auditActions(t: TestApp, subject: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}
