import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createOpsServer } from './ops-server.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('readiness (ADR 045)', () => {
  it('turns 503 when the schema is behind this version, and ready again when it is not', async () => {
    const last = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(
      t.app.db,
    );
    const name = last.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.app.db);
    const behind = await t.app.inject({ url: '/readyz' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({
      code: 'NOT_MIGRATED',
      message: "The database is not at this version's schema.",
    });
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      t.app.db,
    );
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('turns 503 at once when draining starts, and every answer then closes its connection', async () => {
    const before = await t.app.inject({ url: '/healthz' });
    expect(before.headers.connection).not.toBe('close');
    t.app.startDraining();
    const readiness = await t.app.inject({ url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ code: 'DRAINING', message: 'This instance is shutting down.' });
    // Still alive, still serving what comes in until the app closes.
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
    expect((await t.app.inject({ url: '/api/openapi.json' })).headers.connection).toBe('close');
  });
});

describe("the operators' listener", () => {
  it('answers health and readiness, 503 when the database does not answer, and nothing of the product', async () => {
    const unreachable = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: 'postgres://nobody@127.0.0.1:1/none',
          connectionTimeoutMillis: 1_000,
        }),
      }),
    });
    const ops = await createOpsServer({
      db: unreachable,
      isDraining: () => false,
      metrics: t.app.metrics.registry,
    });
    try {
      expect((await ops.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const readiness = await ops.inject({ url: '/readyz' });
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toEqual({ code: 'NOT_READY', message: 'The database is not reachable.' });
      const product = await ops.inject({ url: '/api/session' });
      expect(product.statusCode).toBe(404);
      expect(product.json().code).toBe('NOT_FOUND');
    } finally {
      await ops.close();
      await unreachable.destroy();
    }
  });

  it("is ready on a database at this version, and serves the app's metrics without a token", async () => {
    const ops = await createOpsServer({
      db: t.app.db,
      isDraining: () => false,
      metrics: t.app.metrics.registry,
    });
    try {
      expect((await ops.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
      const metrics = await ops.inject({ url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('# TYPE http_request_duration_seconds histogram');
      // The app's own port still hides it from a caller without the token.
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await ops.close();
    }
  });
});
