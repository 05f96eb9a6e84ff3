import { AUDIT_CSV_HEADER, AUDIT_EXPORT_MAX_ROWS, AUDIT_MESSAGES } from '@lynk/contract/audit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, userIdOf } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { jamaicaDate } from '../ledger/jamaica-time.ts';
import { recordAudit } from './service.ts';

const LIST = '/api/audit-log';
const EXPORT = '/api/audit-log/export.csv';
const ADMIN = 'admin.kingston@bluemountain.example';

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email, org] of [
    ['admin', ADMIN, undefined],
    ['manager', 'manager.kingston@bluemountain.example', undefined],
    ['cashier', 'cashier.kingston@bluemountain.example', undefined],
    ['montego', 'admin.montego@bluemountain.example', undefined],
    ['corporate', 'superadmin@bluemountain.example', 'org_1000'],
  ] as const) {
    cookies[who] = (await signIn(t.app, email, DEMO_PASSWORD, org ? { org } : {})).jar.header();
  }
  const db = t.database.db;
  const montegoAdmin = await userIdOf(t.database.db, 'admin.montego@bluemountain.example');
  await recordAudit(db, {
    actorUserId: await userIdOf(t.database.db, ADMIN),
    organizationId: 'org_1001',
    action: 'staff.updated',
    subject: '=HYPERLINK("http://evil.example")',
    details: { role_id: 2 },
    ip: '198.51.100.4',
  });
  await recordAudit(db, { actorUserId: montegoAdmin, organizationId: 'org_1002', action: 'staff.deleted' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });

interface Entry {
  action: string;
  subject: string | null;
  organization_id: string | null;
  organization_name: string | null;
  actor: { id: number; display_name: string; email: string } | null;
  ip: string | null;
  details: Record<string, unknown>;
}

async function list(query: string, who = 'admin') {
  const response = await get(`${LIST}?${query}`, who);
  expect(response.statusCode).toBe(200);
  return response.json() as { result: Entry[]; meta_data: { count: number; total: number; offset: number } };
}

describe('GET /api/audit-log', () => {
  it('is for admins only: a manager and a cashier are refused with 403, nobody signed in with 401', async () => {
    for (const who of ['manager', 'cashier']) {
      const response = await get(LIST, who);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
      expect((await get(EXPORT, who)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });

  it("answers the organisation's rows with the actor's name and email, never another branch's", async () => {
    const page = await list('limit=100&action=staff.updated');
    expect(page.result).toContainEqual(
      expect.objectContaining({
        action: 'staff.updated',
        organization_id: 'org_1001',
        actor: { id: await userIdOf(t.database.db, ADMIN), display_name: 'Andre Brown', email: ADMIN },
        ip: '198.51.100.4',
        details: { role_id: 2 },
      }),
    );
    expect((await list('limit=100&action=staff.deleted')).result).toEqual([]);
    const everything = await list('limit=100');
    expect(
      everything.result.every((row) => row.organization_id === 'org_1001' || row.organization_id === null),
    ).toBe(true);
  });

  it("shows its members' sign-ins, written before an organisation was chosen, and not other branches'", async () => {
    const signIns = (await list('limit=100&action=auth.login')).result;
    expect(signIns.map((row) => row.actor?.email)).toContain(ADMIN);
    expect(signIns.map((row) => row.actor?.email)).not.toContain('admin.montego@bluemountain.example');
    const montego = (await list('limit=100&action=auth.login', 'montego')).result;
    expect(montego.map((row) => row.actor?.email)).toContain('admin.montego@bluemountain.example');
    expect(montego.map((row) => row.actor?.email)).not.toContain(ADMIN);
  });

  it("shows a parent organisation's super admin every branch's rows", async () => {
    const deleted = (await list('limit=100&action=staff.deleted', 'corporate')).result;
    expect(deleted.map((row) => [row.organization_id, row.organization_name])).toEqual([
      ['org_1002', 'Blue Mountain Coffee – Montego Bay'],
    ]);
    const updated = (await list('limit=100&action=staff.updated', 'corporate')).result;
    expect(updated.map((row) => row.organization_id)).toContain('org_1001');
  });

  it('filters by actor: a user id, or part of a name or an email, ignoring case', async () => {
    const id = await userIdOf(t.database.db, ADMIN);
    const byId = await list(`limit=100&actor=${id}`);
    expect(byId.result.length).toBeGreaterThan(0);
    expect(byId.result.every((row) => row.actor?.id === id)).toBe(true);
    const byName = await list(`limit=100&actor=${encodeURIComponent('aNDRE b')}`);
    expect(byName.result.map((row) => row.actor?.id)).toContain(id);
    expect(byName.result.every((row) => row.actor?.id === id)).toBe(true);
    expect((await list('actor=nobody%25')).meta_data.total).toBe(0);
  });

  it('filters by dates (Jamaica days), pages and sorts like every listing', async () => {
    const today = jamaicaDate(new Date());
    const all = await list('limit=100');
    const todays = await list(`limit=100&from_utc=${today}&to_utc=${today}`);
    expect(todays.meta_data.total).toBeGreaterThan(0);
    expect((await list('from_utc=2001-01-01&to_utc=2001-01-31')).meta_data.total).toBe(0);
    const first = await list('limit=2&offset=0');
    const second = await list('limit=2&offset=2');
    expect(first.meta_data).toMatchObject({ count: 2, offset: 0, total: all.meta_data.total });
    expect(second.result[0]).toEqual(all.result[2]);
    const oldest = await list('limit=1&sort=asc');
    const last = await list(`limit=1&offset=${all.meta_data.total - 1}`);
    expect(oldest.result[0]).toEqual(last.result[0]);
  });

  it('refuses bad filters with 400 and {code, message}', async () => {
    for (const query of [
      'from_utc=2026-02-01&to_utc=2026-01-01',
      'action=DROP%20TABLE',
      'limit=0',
      'actor=%20%20',
    ]) {
      const response = await get(`${LIST}?${query}`, 'admin');
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    // A NUL, which PostgreSQL cannot hold, never reaches the query.
    const nul = await get(`${LIST}?actor=a%00b`, 'admin');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    expect((await get(`${LIST}?action=DROP`, 'admin')).json().message).toContain(
      AUDIT_MESSAGES.actionInvalid,
    );
  });
});

describe('GET /api/audit-log/export.csv', () => {
  it('answers the filtered rows as a CSV file with formula-safe cells, and audits the export', async () => {
    const response = await get(`${EXPORT}?action=staff.updated`, 'admin');
    expect(response.statusCode).toBe(200);
    const { file_name, csv } = response.json().data;
    expect(file_name).toMatch(/^audit-log_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = Buffer.from(csv, 'base64').toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `staff.updated,Andre Brown,${ADMIN},"'=HYPERLINK(""http://evil.example"")",org_1001`,
    );
    const audited = (await list('action=audit_log.exported')).result;
    expect(audited).toEqual([
      expect.objectContaining({
        subject: file_name,
        details: expect.objectContaining({ action: 'staff.updated', entries: 1 }),
      }),
    ]);
  });

  it(`refuses more than ${AUDIT_EXPORT_MAX_ROWS} rows with 422, and exports none`, async () => {
    await sql`insert into audit_log (organization_id, action)
      select 'org_1001', 'test.bulk' from generate_series(1, ${AUDIT_EXPORT_MAX_ROWS + 1})`.execute(
      t.database.db,
    );
    const before = (await list('action=audit_log.exported')).meta_data.total;
    const response = await get(`${EXPORT}?action=test.bulk`, 'admin');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'EXPORT_LIMIT', message: AUDIT_MESSAGES.exportTooLarge });
    expect((await list('action=audit_log.exported')).meta_data.total).toBe(before);
  });
});
