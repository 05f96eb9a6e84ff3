import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@lynk/contract/session';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { anotherServer, createTestApp, signIn, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

// Runs on the embedded database and, in the api-postgres project, on PostgreSQL, where the other
// instance has connections of its own and hears the database's announcements on one of them.
const CASHIER = 'cashier.kingston@bluemountain.example';
/** The other instance's clock stands still: without the announcement it would remember forever. */
const frozen = new Date();

let t: TestApp;
let other: FastifyInstance;
let database: DatabaseHandle;
beforeAll(async () => {
  t = await createTestApp();
  database = t.databaseUrl
    ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'memory://' })
    : t.database;
  other = await anotherServer(t, { database, now: () => frozen });
});
afterAll(async () => {
  await other.close();
  if (database !== t.database) await database.close();
  await t.close();
});

const sessionOn = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });

describe('a session ended on one instance (ADR 045)', () => {
  it('is refused at once by another instance that remembered it', async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD);
    const cookie = flow.jar.header();
    // The other instance checks the session and remembers who it is.
    expect((await sessionOn(other, cookie)).statusCode).toBe(200);
    expect((await sessionOn(other, cookie)).statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, [CSRF_HEADER]: '1', origin: TEST_PUBLIC_URL },
    });
    expect(logout.statusCode).toBe(200);
    await expect.poll(async () => (await sessionOn(other, cookie)).statusCode, { timeout: 3_000 }).toBe(401);
  });

  it('is refused by every instance whatever deleted its row', async () => {
    const flow = await signIn(t.app, CASHIER, DEMO_PASSWORD);
    const cookie = flow.jar.header();
    expect((await sessionOn(other, cookie)).statusCode).toBe(200);
    // Whatever deletes the row (a staff change, the purge, an operator) is announced by the database.
    await t.database.db.deleteFrom('sessions').execute();
    await expect.poll(async () => (await sessionOn(other, cookie)).statusCode, { timeout: 3_000 }).toBe(401);
  });
});
