import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@lynk/contract/messages';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { addDays, jamaicaDate } from '../ledger/jamaica-time.ts';

// The limit is the spec's 100; here it is set to what a seeded range holds, to test its edge.
const limit = vi.hoisted(() => ({ value: 100 }));
vi.mock('@lynk/contract/constants', async (importOriginal) => {
  const original = await importOriginal<typeof import('@lynk/contract/constants')>();
  return {
    ...original,
    get EXPORT_MAX_ENTRIES() {
      return limit.value;
    },
  };
});

let t: TestApp;
let cookie: string;
const today = jamaicaDate(new Date());
const range = { start: addDays(today, -30), end: addDays(today, -1) };

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(async () => {
  await t.close();
});

const exportRange = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/reporting/v2/transfers/exports/csv',
    headers: { cookie, 'x-lynk-csrf': '1' },
    payload: { ...range, types: ['Transfers', 'Refunds'] },
  });

const total = async (path: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `${path}?offset=0&limit=1&from_utc=${range.start}&to_utc=${range.end}`,
      headers: { cookie },
    })
  ).json().meta_data.total as number;

describe('the export limit', () => {
  it('allows exactly the limit over all the tables, and refuses one entry more', async () => {
    const entries =
      (await total('/api/account/v2/connected-account-transactions')) +
      (await total('/api/payment/refund-transactions'));
    expect(entries).toBeGreaterThan(1);

    limit.value = entries;
    const atLimit = await exportRange();
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().result.report.entries).toBe(entries);

    limit.value = entries - 1;
    const over = await exportRange();
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ code: 'EXPORT_LIMIT', message: MESSAGES.export.entryLimit });
  });
});
