import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lynk/contract/messages';
import { STAFF_PRODUCT_MESSAGES } from '@lynk/contract/staff';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  auditActions,
  cookieOf,
  demoEmail,
  editOf,
  KINGSTON,
  MONTEGO,
  newStaff,
  STAFF_URL,
  staffCalls,
} from '../../test/staff.ts';

let t: TestApp;
let call: ReturnType<typeof staffCalls>;
let admin: string;
let manager: string;
let cashier: string;
let montegoAdmin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  call = staffCalls(t);
  admin = await cookieOf(t, 'admin.kingston');
  manager = await cookieOf(t, 'manager.kingston');
  cashier = await cookieOf(t, 'cashier.kingston');
  montegoAdmin = await cookieOf(t, 'admin.montego');
  adminId = Number((await call.session(admin)).json().id);
});
afterAll(async () => {
  await t.close();
});

async function memberByEmail(email: string, cookie = admin) {
  const list = await call.get(`${STAFF_URL}?limit=100`, cookie);
  return (list.json().result as { id: number; email: string }[]).find((m) => m.email === email)!;
}

describe('GET /api/profile/v2/roles and v3/staff', () => {
  it('lists the four roles a staff member can be given', async () => {
    const response = await call.get('/api/profile/v2/roles', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([
      { id: 1, name: 'Admin' },
      { id: 2, name: 'Manager' },
      { id: 3, name: 'Cashier' },
      { id: 4, name: 'Super Administrator' },
    ]);
  });

  it("lists the caller's merchant's staff with paging metadata, and only theirs", async () => {
    const response = await call.get(`${STAFF_URL}?offset=0&limit=2`, admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta_data).toMatchObject({ count: 2, limit: 2, offset: 0 });
    expect(body.meta_data.total).toBeGreaterThanOrEqual(5);
    const all = (await call.get(`${STAFF_URL}?limit=100`, admin)).json().result;
    const emails = all.map((m: { email: string }) => m.email);
    expect(emails).toContain(demoEmail('cashier.kingston'));
    expect(emails).not.toContain(demoEmail('cashier.montego'));
    const cashierRow = all.find((m: { email: string }) => m.email === demoEmail('cashier.kingston'));
    expect(cashierRow).toMatchObject({
      display_name: 'Jodi Henry',
      role: 'Cashier',
      role_id: 3,
      active: true,
      merchants: [{ merchant_id: KINGSTON, role_id: 3, active: true }],
    });
  });

  it('refuses the list without staff read (a manager) and malformed paging', async () => {
    expect((await call.get(STAFF_URL, manager)).statusCode).toBe(403);
    expect((await call.get(STAFF_URL)).statusCode).toBe(401);
    expect((await call.get(`${STAFF_URL}?limit=1e3`, admin)).statusCode).toBe(400);
  });

  it("answers another merchant's staff member as not found, and lets anyone read themselves", async () => {
    const other = await memberByEmail(demoEmail('cashier.montego'), montegoAdmin);
    const response = await call.get(`${STAFF_URL}/${other.id}`, admin);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(STAFF_PRODUCT_MESSAGES.notFound);
    const me = Number((await call.session(cashier)).json().id);
    const own = await call.get(`${STAFF_URL}/${me}`, cashier);
    expect(own.statusCode).toBe(200);
    expect(own.json().display_name).toBe('Jodi Henry');
    expect((await call.get(`${STAFF_URL}/${adminId}`, cashier)).statusCode).toBe(403);
  });
});

describe('POST /api/profile/v3/staff (spec section 5, staff form)', () => {
  it('registers a cashier with a QR display name, writes an audit row and queues the activation email', async () => {
    const response = await call.post(
      newStaff('New.Cashier@Example.com', 3, { display_name: 'Counter 4', show_qr_display_name: true }),
      admin,
    );
    expect(response.statusCode).toBe(201);
    const member = response.json();
    expect(member).toMatchObject({
      email: 'new.cashier@example.com',
      display_name: 'Counter 4',
      role: 'Cashier',
      show_qr_display_name: true,
      active: true,
    });
    expect(await auditActions(t, member.auth_id)).toEqual(['staff.created']);
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status'])
      .where('to_address', '=', 'new.cashier@example.com')
      .execute();
    expect(mail).toEqual([{ to_address: 'new.cashier@example.com', status: 'PENDING' }]);
  });

  it.each([
    [{ ...newStaff('x@example.com', 3), email: undefined }, MESSAGES.staff.emailRequired],
    [newStaff('', 3), MESSAGES.staff.emailRequired],
    [newStaff('not-an-email', 3), MESSAGES.staff.emailInvalid],
    [
      { ...newStaff('r@example.com', 3), merchants: [{ merchant_id: KINGSTON }] },
      MESSAGES.staff.roleRequired,
    ],
    [
      newStaff('q1@example.com', 3, { display_name: '', show_qr_display_name: true }),
      MESSAGES.staff.displayNameRequired,
    ],
    [
      newStaff('q2@example.com', 3, { display_name: '   ', show_qr_display_name: true }),
      MESSAGES.staff.displayNameBlank,
    ],
    [
      newStaff('q3@example.com', 2, { display_name: 'Boss', show_qr_display_name: true }),
      STAFF_PRODUCT_MESSAGES.qrNameCashierOnly,
    ],
    [newStaff('r5@example.com', 5), STAFF_PRODUCT_MESSAGES.roleNotAssignable],
  ])('refuses %j with 400 "%s" and writes nothing', async (body, message) => {
    const before = await t.database.db.selectFrom('users').select('id').execute();
    const response = await call.post(body, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses an oversized display name, unknown fields and malformed JSON with a 400', async () => {
    const long = await call.post(newStaff('long@example.com', 3, { display_name: 'x'.repeat(101) }), admin);
    expect(long.statusCode).toBe(400);
    const extra = await call.post({ ...newStaff('extra@example.com', 3), is_admin: true }, admin);
    expect(extra.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: STAFF_URL,
      headers: { 'x-lynk-csrf': '1', cookie: admin, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    const emails = await t.database.db.selectFrom('users').select('email').execute();
    expect(emails.map((u) => u.email)).not.toContain('long@example.com');
  });

  it('refuses an email that already belongs to a staff member (409)', async () => {
    const response = await call.post(newStaff(demoEmail('cashier.montego').toUpperCase(), 3), admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'EMAIL_TAKEN', message: STAFF_PRODUCT_MESSAGES.emailTaken });
  });

  it('refuses registering for another merchant, and callers without staff create', async () => {
    const other = await call.post(newStaff('elsewhere@example.com', 3, { merchant_id: MONTEGO }), admin);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(STAFF_PRODUCT_MESSAGES.otherMerchant);
    expect((await call.post(newStaff('m@example.com', 3), manager)).statusCode).toBe(403);
    expect((await call.post(newStaff('c@example.com', 3), cashier)).statusCode).toBe(403);
  });

  it('lets only a super administrator register a super administrator', async () => {
    const response = await call.post(newStaff('want.super@example.com', 4), admin);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(STAFF_PRODUCT_MESSAGES.superAdminOnly);
  });
});

describe('PATCH /api/profile/v3/staff/{id}', () => {
  it('changes role, QR setting and display name, with an audit row', async () => {
    const created = (await call.post(newStaff('edit.me@example.com', 2), admin)).json();
    const response = await call.patch(
      created.id,
      editOf(created, { role_id: 3, show_qr_display_name: true, display_name: 'Till 2' }),
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'Cashier',
      show_qr_display_name: true,
      display_name: 'Till 2',
    });
    expect(await auditActions(t, created.auth_id)).toEqual(['staff.created', 'staff.updated']);
  });

  it('refuses to change the email (not editable)', async () => {
    const member = await memberByEmail(demoEmail('manager.kingston'));
    const full = (await call.get(`${STAFF_URL}/${member.id}`, admin)).json();
    const response = await call.patch(member.id, editOf(full, { email: 'other@example.com' }), admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(STAFF_PRODUCT_MESSAGES.emailNotEditable);
    expect((await call.get(`${STAFF_URL}/${member.id}`, admin)).json().email).toBe(full.email);
  });

  it('refuses a QR display name for a role other than cashier', async () => {
    const member = await memberByEmail(demoEmail('manager.kingston'));
    const full = (await call.get(`${STAFF_URL}/${member.id}`, admin)).json();
    const response = await call.patch(member.id, editOf(full, { show_qr_display_name: true }), admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(STAFF_PRODUCT_MESSAGES.qrNameCashierOnly);
  });

  it("refuses changing one's own role or status, but allows one's own display name", async () => {
    const me = (await call.get(`${STAFF_URL}/${adminId}`, admin)).json();
    for (const change of [{ role_id: 2 }, { active: false }]) {
      const response = await call.patch(adminId, editOf(me, change), admin);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(STAFF_PRODUCT_MESSAGES.ownRoleOrStatus);
    }
    expect((await call.get(`${STAFF_URL}/${adminId}`, admin)).json()).toMatchObject({
      role_id: 1,
      active: true,
    });
    const renamed = await call.patch(adminId, editOf(me, { display_name: 'Andre B.' }), admin);
    expect(renamed.statusCode).toBe(200);
  });

  it("answers another merchant's member, or a mismatched auth_id, without changing anything", async () => {
    const other = await memberByEmail(demoEmail('cashier.montego'), montegoAdmin);
    const full = (await call.get(`${STAFF_URL}/${other.id}`, montegoAdmin)).json();
    expect((await call.patch(other.id, editOf(full, { active: false }), admin)).statusCode).toBe(404);
    const asMontego = editOf(full, { active: false }, MONTEGO);
    expect((await call.patch(other.id, asMontego, admin)).statusCode).toBe(404);
    const member = await memberByEmail(demoEmail('manager.kingston'));
    const mine = (await call.get(`${STAFF_URL}/${member.id}`, admin)).json();
    const mismatch = await call.patch(member.id, editOf(mine, { auth_id: full.auth_id }), admin);
    expect(mismatch.statusCode).toBe(400);
    expect((await call.get(`${STAFF_URL}/${other.id}`, montegoAdmin)).json().active).toBe(true);
  });

  it('refuses callers without staff update', async () => {
    const member = await memberByEmail(demoEmail('manager.kingston'));
    const full = (await call.get(`${STAFF_URL}/${member.id}`, admin)).json();
    expect((await call.patch(member.id, editOf(full), manager)).statusCode).toBe(403);
  });
});

describe('DELETE /api/profile/v3/staff/{id}', () => {
  it("removes a member, writes an audit row, and refuses deleting oneself or another merchant's member", async () => {
    const created = (await call.post(newStaff('delete.me@example.com', 3), admin)).json();
    const response = await call.remove(created.id, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: created.id });
    expect((await call.get(`${STAFF_URL}/${created.id}`, admin)).statusCode).toBe(404);
    expect(await auditActions(t, created.auth_id)).toEqual(['staff.created', 'staff.deleted']);

    const self = await call.remove(adminId, admin);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(STAFF_PRODUCT_MESSAGES.ownDelete);
    const other = await memberByEmail(demoEmail('manager.montego'), montegoAdmin);
    expect((await call.remove(other.id, admin)).statusCode).toBe(404);
    expect((await call.remove(other.id, manager)).statusCode).toBe(403);
  });

  it('lets a deleted email be registered again, with a new activation', async () => {
    const first = (await call.post(newStaff('comeback@example.com', 3), admin)).json();
    await call.remove(first.id, admin);
    const again = await call.post(newStaff('comeback@example.com', 2), admin);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.id, role_id: 2, active: true });
  });
});
