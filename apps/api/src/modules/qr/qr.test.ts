import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffQrPath } from '@lynk/contract/qr';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

// jsqr is CommonJS whose types declare an ES default export: Node hands over module.exports, the
// function itself, where the types expect an object holding it.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

let t: TestApp;
const cookies: Record<string, string> = {};
const PROFILE = '/api/profile';
const KINGSTON_CASHIER = 'lynk|demo-cashier.kingston';
const KINGSTON_MANAGER = 'lynk|demo-manager.kingston';

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** What a phone's camera would read from the PNG. */
function decode(body: Buffer): string | undefined {
  const png = PNG.sync.read(body);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function pngPayload(url: string, cookie: string): Promise<string | undefined> {
  const response = await get(url, cookie);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return decode(response.rawPayload);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of [
    'cashier.kingston',
    'cashier.montego',
    'manager.kingston',
    'admin.kingston',
    'admin.montego',
    'manager.ochorios',
    'noaccess',
  ]) {
    cookies[who] = (await signIn(t.app, `${who}@bluemountain.example`, DEMO_PASSWORD)).jar.header();
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/profile/qr-code', () => {
  it("answers what the merchant's QR codes encode, JAM-DEX from the CBDC account's external reference", async () => {
    const response = await get(`${PROFILE}/qr-code`, cookies['manager.kingston']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        qr_code: 'lynk://pay/bmc.kingston',
        jam_dex_qr_code: 'jamdex:wallet:bmc.kingston',
        own_qr_code: `lynk://pay/bmc.kingston?staff=${encodeURIComponent(KINGSTON_MANAGER)}`,
      },
    });
    // A cashier's own link is their counter QR's, naming them.
    const cashier = await get(`${PROFILE}/qr-code`, cookies['cashier.kingston']);
    expect(cashier.json().data.own_qr_code).toBe(
      `lynk://pay/bmc.kingston?staff=${encodeURIComponent(KINGSTON_CASHIER)}&name=Jodi+Henry`,
    );
  });

  it('has no JAM-DEX QR for a merchant without a CBDC account', async () => {
    const response = await get(`${PROFILE}/qr-code`, cookies['manager.ochorios']);
    expect(response.json().data).toMatchObject({ qr_code: 'lynk://pay/bmc.ochorios', jam_dex_qr_code: null });
  });

  it('needs a session and the QR download permission', async () => {
    expect((await get(`${PROFILE}/qr-code`)).statusCode).toBe(401);
    expect((await get(`${PROFILE}/qr-code`, cookies.noaccess)).statusCode).toBe(403);
    expect((await get(`${PROFILE}/v2/qr-code`, cookies.noaccess)).statusCode).toBe(403);
  });
});

describe('GET /api/profile/v2/qr-code', () => {
  it("is a PNG that scans to the merchant's pay link", async () => {
    expect(await pngPayload(`${PROFILE}/v2/qr-code`, cookies['cashier.kingston']!)).toBe(
      'lynk://pay/bmc.kingston',
    );
    // The scope is the session's merchant, never one the client names.
    expect(await pngPayload(`${PROFILE}/v2/qr-code?merchant_id=1001`, cookies['admin.montego']!)).toBe(
      'lynk://pay/bmc.montego',
    );
  });

  it("scans to the JAM-DEX wallet's external reference for wallet=jam-dex", async () => {
    expect(await pngPayload(`${PROFILE}/v2/qr-code?wallet=jam-dex`, cookies['manager.kingston']!)).toBe(
      'jamdex:wallet:bmc.kingston',
    );
  });

  it('answers 404 for the JAM-DEX QR of a merchant without JAM-DEX, 400 for an unknown wallet', async () => {
    const none = await get(`${PROFILE}/v2/qr-code?wallet=jam-dex`, cookies['manager.ochorios']);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This JAM-DEX wallet does not exist.' });
    const unknown = await get(`${PROFILE}/v2/qr-code?wallet=bitcoin`, cookies['manager.kingston']);
    expect(unknown.statusCode).toBe(400);
  });
});

describe('GET /api/profile/v2/qr-code/{displayName}/{authId}', () => {
  const cashierQr = (name = 'Jodi Henry') => `${PROFILE}${staffQrPath(name, KINGSTON_CASHIER)}`;

  it("is a cashier's own QR, naming them when their membership shows the name", async () => {
    const payload = await pngPayload(cashierQr(), cookies['cashier.kingston']!);
    const url = new URL(payload!);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('lynk://pay/bmc.kingston');
    expect(url.searchParams.get('staff')).toBe(KINGSTON_CASHIER);
    expect(url.searchParams.get('name')).toBe('Jodi Henry');
  });

  it('leaves the name out when the membership does not show it', async () => {
    const payload = await pngPayload(
      `${PROFILE}${staffQrPath('Tanya Williams', KINGSTON_MANAGER)}`,
      cookies['manager.kingston']!,
    );
    const url = new URL(payload!);
    expect(url.searchParams.get('staff')).toBe(KINGSTON_MANAGER);
    expect(url.searchParams.has('name')).toBe(false);
  });

  it("shows the name on record with '#' as a space, whatever name the address carries", async () => {
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Jodi#Henry' })
      .where('auth_id', '=', KINGSTON_CASHIER)
      .execute();
    try {
      expect(staffQrPath('Jodi#Henry', KINGSTON_CASHIER)).toBe(
        '/v2/qr-code/Jodi%20Henry/lynk%7Cdemo-cashier.kingston',
      );
      // A '#' sent encoded still works; the words on the QR come from the record, not the address.
      for (const name of ['Jodi%23Henry', 'Someone%20Else']) {
        const url = `${PROFILE}/v2/qr-code/${name}/${encodeURIComponent(KINGSTON_CASHIER)}`;
        const payload = await pngPayload(url, cookies['admin.kingston']!);
        expect(new URL(payload!).searchParams.get('name')).toBe('Jodi Henry');
      }
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ display_name: 'Jodi Henry' })
        .where('auth_id', '=', KINGSTON_CASHIER)
        .execute();
    }
  });

  it("gives another staff member's QR only to someone with the staff permission", async () => {
    const managerQr = `${PROFILE}${staffQrPath('Tanya Williams', KINGSTON_MANAGER)}`;
    const refused = await get(managerQr, cookies['cashier.kingston']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await get(cashierQr(), cookies['manager.kingston'])).statusCode).toBe(403);
    expect(await pngPayload(cashierQr(), cookies['admin.kingston']!)).toContain('staff=');
  });

  it("answers 404 for another merchant's staff member or an unknown one", async () => {
    const other = await get(cashierQr(), cookies['admin.montego']);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This staff member does not exist.' });
    // Asking for their own QR by someone else's id in another branch is no way around it.
    expect((await get(cashierQr(), cookies['cashier.montego'])).statusCode).toBe(404);
    expect(
      (await get(`${PROFILE}${staffQrPath('X', 'lynk|nobody')}`, cookies['admin.kingston'])).statusCode,
    ).toBe(404);
  });

  it('refuses a malformed address with 400', async () => {
    const tooLong = `${PROFILE}${staffQrPath('x'.repeat(101), KINGSTON_CASHIER)}`;
    expect((await get(tooLong, cookies['admin.kingston'])).statusCode).toBe(400);
    const blank = `${PROFILE}/v2/qr-code/%20/${encodeURIComponent(KINGSTON_CASHIER)}`;
    expect((await get(blank, cookies['admin.kingston'])).statusCode).toBe(400);
  });
});
