import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createListeningApp, type ListeningApp } from '../../test/listening-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

// Over a real socket: a spray of many emails from one address, and guessing one account's
// password from many addresses. Each attempt costs a real password hash, so the per-address
// limit is ten here rather than the shipped thirty.
let t: ListeningApp;
beforeAll(async () => {
  // One proxy hop is believed, so each attempt below can come from an address of its own.
  t = await createListeningApp({ env: { TRUST_PROXY: '1', SIGN_IN_ATTEMPTS_PER_ADDRESS: '10' } });
});
afterAll(async () => {
  await t.close();
});

async function attempt(email: string, password: string, from: string) {
  const browser = new Browser(t.origin, { 'x-forwarded-for': from });
  const { posted } = await browser.signIn(email, password);
  return { status: posted.status, body: await posted.text() };
}

describe('sign-in throttling', () => {
  it('stops a spray of new emails from one address at the per-address limit (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await attempt(`spray-${i}@example.com`, 'guess', '198.51.100.7')).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Another address is not affected.
    expect((await attempt('spray-x@example.com', 'guess', '198.51.100.8')).status).toBe(401);
  }, 120_000);

  it('locks an account after five failures from five addresses, even for the right password', async () => {
    const email = 'admin.montego@bluemountain.example';
    for (let i = 1; i <= 5; i++) expect((await attempt(email, 'guess', `203.0.113.${i}`)).status).toBe(401);
    const locked = await attempt(email, DEMO_PASSWORD, '203.0.113.99');
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Too many failed sign-ins for this email. Please try again in 1 minute.');
  }, 60_000);

  it('forgets the failures of an account that then signs in', async () => {
    const email = 'manager.montego@bluemountain.example';
    for (const round of [1, 2]) {
      for (let i = 1; i <= 4; i++) {
        expect((await attempt(email, 'guess', `192.0.2.${round * 10 + i}`)).status).toBe(401);
      }
      expect((await attempt(email, DEMO_PASSWORD, `192.0.2.${round * 10}`)).status).toBe(303);
    }
  }, 120_000);
});
