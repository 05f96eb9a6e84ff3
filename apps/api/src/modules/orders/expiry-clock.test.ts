import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayLink } from '../../test/pay-links.ts';
import { createTestApp, signIn, testClock, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

const HOUR = 60 * 60 * 1000;
const TTL_HOURS = 24;

/**
 * A payment request's expiry is judged on the app's clock (`app.clock`, ADR 009), never on real
 * time. The clock starts two days in the past: on real time the request would be expired the
 * moment it is made, and moving the clock past its lifetime would change nothing.
 */
const clock = testClock(new Date(Date.now() - 2 * TTL_HOURS * HOUR));
let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PAYMENT_REQUEST_TTL_HOURS: String(TTL_HOURS) } });
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(() => t.close());

const statusOf = async (code: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/payment/pay/${code}` })).json().data.status;

describe('the app clock', () => {
  it('decides when a payment request expires: open until its lifetime passes on the clock, then expired', async () => {
    const link = await createPayLink(t.app, manager, { amount: 10_00, description: 'On the clock' });
    expect(await statusOf(link.code)).toBe('RECEIVED');
    clock.advance(TTL_HOURS * HOUR - 60_000);
    expect(await statusOf(link.code)).toBe('RECEIVED');
    clock.advance(2 * 60_000);
    expect(await statusOf(link.code)).toBe('EXPIRED');
  });
});
