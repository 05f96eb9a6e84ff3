import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { prepareDatabase } from './prepare.ts';
import { TEMPLATE_MAX_AGE_MS, templateFor, writeDatabaseTemplate } from './database-template.ts';

let root: string;
let file: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lynk-template-'));
  file = path.join(root, 'build', 'database-template.tar');
  await writeDatabaseTemplate(file);
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const countOf = async (db: Parameters<typeof prepareDatabase>[0], table: 'users' | 'orders') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

describe("the embedded database's template", () => {
  it('creates a first database on disk with the schema and the demo world, and is not used again', async () => {
    const dataDir = path.join(root, 'data');
    const template = await templateFor(dataDir, { file });
    expect(template).toBeInstanceOf(Blob);
    const first = await openDatabase({ dataDir, loadDataDir: template! });
    const users = await countOf(first.db, 'users');
    const orders = await countOf(first.db, 'orders');
    expect(users).toBeGreaterThan(0);
    expect(orders).toBeGreaterThan(0);
    // Nothing is missing: preparing it again adds no row.
    await prepareDatabase(first.db, { demo: true, now: new Date() });
    expect([await countOf(first.db, 'users'), await countOf(first.db, 'orders')]).toEqual([users, orders]);
    const demoUser = await first.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', 'manager.kingston@%')
      .executeTakeFirst();
    expect(demoUser?.email).toBe('manager.kingston@bluemountain.example');
    await first.close();

    // The folder now holds a database: it is opened as it is, never loaded over.
    expect(await templateFor(dataDir, { file })).toBeUndefined();
    const again = await openDatabase({ dataDir });
    expect(await countOf(again.db, 'users')).toBe(users);
    await again.close();
  }, 60_000);

  it('is not used once older than its demo data may be, nor when the build made none', async () => {
    const dataDir = path.join(root, 'other');
    const now = Date.now();
    const made = new Date(now - TEMPLATE_MAX_AGE_MS - 60_000);
    await utimes(file, made, made);
    expect(await templateFor(dataDir, { file, now })).toBeUndefined();
    expect(await templateFor(dataDir, { file, now: made.getTime() + 60_000 })).toBeInstanceOf(Blob);
    expect(await templateFor(dataDir, { file: path.join(root, 'missing.tar'), now })).toBeUndefined();
  });
});
