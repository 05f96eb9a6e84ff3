import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

// The portal's default: a checked session's identity is remembered for 5 seconds (ADR 025).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const session = (cookie: string) => t.app.inject({ url: '/api/session', headers: { cookie } });

describe('the remembered identity of a session', () => {
  it('ends at once when the session is logged out on this server', async () => {
    const cookie = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
    expect((await session(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'x-lynk-csrf': '1' },
    });
    expect(out.statusCode).toBe(200);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('sees a session expired by an edit of its row within five seconds', async () => {
    const cookie = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
    expect((await session(cookie)).statusCode).toBe(200);
    // Nothing announces an edit (a deleted row is announced: session-ends.test.ts): the remembered
    // identity is what bounds how long the session still works.
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .execute();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await session(cookie)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 5_001);
    expect((await session(cookie)).statusCode).toBe(401);
  });
});
