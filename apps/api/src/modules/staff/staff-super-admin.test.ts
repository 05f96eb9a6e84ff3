import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lynk/contract/messages';
import { MAX_SUPER_ADMINS_PER_MERCHANT, STAFF_PRODUCT_MESSAGES } from '@lynk/contract/staff';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cookieOf, editOf, KINGSTON, newStaff, STAFF_URL, staffCalls } from '../../test/staff.ts';

let t: TestApp;
let call: ReturnType<typeof staffCalls>;
let superAdmin: string;
let admin: string;
let superAdminId: number;

beforeAll(async () => {
  t = await createTestApp();
  call = staffCalls(t);
  superAdmin = await cookieOf(t, 'superadmin', 'org_1001');
  admin = await cookieOf(t, 'admin.kingston');
  superAdminId = Number((await call.session(superAdmin)).json().id);
});
afterAll(async () => {
  await t.close();
});

const membershipsOf = async (userId: number) =>
  (
    await t.database.db
      .selectFrom('memberships')
      .select(['merchant_id', 'role_id'])
      .where('user_id', '=', userId)
      .orderBy('merchant_id')
      .execute()
  ).map((m) => `${m.merchant_id}:${m.role_id}`);

const superAdminCount = async (merchantId: number) =>
  (
    await t.database.db
      .selectFrom('memberships')
      .select('user_id')
      .where('merchant_id', '=', merchantId)
      .where('role_id', '=', 4)
      .execute()
  ).length;

describe('super administrators (spec sections 5, 6 and 8)', () => {
  it('a new super administrator joins the current merchant and every other merchant of the chain', async () => {
    const response = await call.post(newStaff('second.super@example.com', 4), superAdmin);
    expect(response.statusCode).toBe(201);
    const member = response.json();
    expect(member).toMatchObject({ role: 'Super Administrator', merchants: [{ merchant_id: KINGSTON }] });
    // The parent organization (1000) and its three branches, as the seeded super admin has.
    expect(await membershipsOf(member.id)).toEqual(['1000:4', '1001:4', '1002:4', '1003:4']);
  });

  it('two registrations at once for the last place: exactly one gets it', async () => {
    while ((await superAdminCount(KINGSTON)) < MAX_SUPER_ADMINS_PER_MERCHANT - 1) {
      const n = await superAdminCount(KINGSTON);
      expect((await call.post(newStaff(`early.${n}@example.com`, 4), superAdmin)).statusCode).toBe(201);
    }
    const answers = await Promise.all([
      call.post(newStaff('race.one@example.com', 4), superAdmin),
      call.post(newStaff('race.two@example.com', 4), superAdmin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    expect(await superAdminCount(KINGSTON)).toBe(MAX_SUPER_ADMINS_PER_MERCHANT);
  });

  it(`refuses a super administrator beyond ${MAX_SUPER_ADMINS_PER_MERCHANT} per merchant with the spec's 403, writing nothing`, async () => {
    while ((await superAdminCount(KINGSTON)) < MAX_SUPER_ADMINS_PER_MERCHANT) {
      const n = await superAdminCount(KINGSTON);
      expect((await call.post(newStaff(`super.${n}@example.com`, 4), superAdmin)).statusCode).toBe(201);
    }
    const users = (await t.database.db.selectFrom('users').select('id').execute()).length;
    const response = await call.post(newStaff('one.too.many@example.com', 4), superAdmin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'SUPER_ADMIN_LIMIT', message: MESSAGES.staff.superAdminLimit });
    expect((await t.database.db.selectFrom('users').select('id').execute()).length).toBe(users);
    expect(await superAdminCount(KINGSTON)).toBe(MAX_SUPER_ADMINS_PER_MERCHANT);
  });

  it('refuses promoting one more super administrator once the merchant is full', async () => {
    const cashier = (await call.post(newStaff('promote.me@example.com', 3), admin)).json();
    const response = await call.patch(cashier.id, editOf(cashier, { role_id: 4 }), superAdmin);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.staff.superAdminLimit);
    expect(await membershipsOf(cashier.id)).toEqual(['1001:3']);
  });

  it('an admin can neither edit, delete nor create a super administrator, nor promote to one', async () => {
    const full = (await call.get(`${STAFF_URL}/${superAdminId}`, admin)).json();
    const edit = await call.patch(superAdminId, editOf(full, { display_name: 'Renamed' }), admin);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(STAFF_PRODUCT_MESSAGES.superAdminOnly);
    const removal = await call.remove(superAdminId, admin);
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe(STAFF_PRODUCT_MESSAGES.superAdminOnly);
    const manager = (await call.post(newStaff('manager.two@example.com', 2), admin)).json();
    const promote = await call.patch(manager.id, editOf(manager, { role_id: 4 }), admin);
    expect(promote.statusCode).toBe(403);
    expect((await call.get(`${STAFF_URL}/${superAdminId}`, admin)).json().display_name).toBe(
      full.display_name,
    );
  });

  it("refuses changing a super administrator's role, even by a super administrator", async () => {
    const other = (
      (await call.get(`${STAFF_URL}?limit=100`, superAdmin)).json().result as {
        id: number;
        email: string;
      }[]
    ).find((m) => m.email === 'second.super@example.com')!;
    const full = (await call.get(`${STAFF_URL}/${other.id}`, superAdmin)).json();
    const response = await call.patch(other.id, editOf(full, { role_id: 1 }), superAdmin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(STAFF_PRODUCT_MESSAGES.superAdminRoleFixed);
  });

  it('a super administrator deletes another one from every merchant of the chain they share', async () => {
    const other = (
      (await call.get(`${STAFF_URL}?limit=100`, superAdmin)).json().result as {
        id: number;
        email: string;
      }[]
    ).find((m) => m.email === 'second.super@example.com')!;
    expect((await call.remove(other.id, superAdmin)).statusCode).toBe(200);
    expect(await membershipsOf(other.id)).toEqual([]);
    const user = await t.database.db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(user.disabled).toBe(true);
  });
});
