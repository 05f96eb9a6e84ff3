import type { RouteOptions } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_TABLES } from './db/functions/listing-changes/function.ts';
import { branchAccounts } from './test/accounts.ts';
import { COUNTED_QUERIES_ENV } from './test/listing-queries.ts';
import { createTestApp, signIn, type TestApp } from './test/test-app.ts';
import { DEMO_PASSWORD } from './world/demo-seed.ts';

/**
 * The listing cache (ADR 032) is invalidated by the database's own announcements, which only the
 * tables of LISTING_TABLES make (migration 0016). A listing that reads another table would serve
 * an answer that change left stale. This finds the cached listings by what they do — a second
 * identical GET that runs no query — among every GET route of the app, and checks that each
 * table their queries read announces its changes.
 */

/** Tables a listing may read whose changes are announced otherwise, or cannot change its answer. */
const ANNOUNCED_OR_FIXED: Record<string, string> = {
  users: "a staff member's new name is announced by its own trigger (users_listing_rename)",
  order_counts: "kept by the orders' own triggers in the same transaction as the change to orders",
  transfer_counts: "kept by the transfers' own triggers in the same transaction as the change to transfers",
};

/** Query strings a listing needs to answer 200 (its required parameters). */
const REQUIRED_QUERY: Record<string, (wallet: number) => string> = {
  '/api/account/v2/connected-account-transactions': (wallet) => `account_id=${wallet}`,
};

/** The tables a statement reads: what follows FROM or JOIN, less its own WITH names. */
function tablesIn(statement: string): string[] {
  const cteNames = new Set(
    [...statement.matchAll(/(?:\bwith|,)\s+(?:recursive\s+)?"?([a-z_][a-z0-9_]*)"?\s+as\s*\(/gi)].map((m) =>
      m[1]!.toLowerCase(),
    ),
  );
  return [...statement.matchAll(/\b(?:from|join)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)\b"?(?!\s*\()/gi)]
    .map((m) => m[1]!.toLowerCase())
    .filter((name) => !cteNames.has(name));
}

let t: TestApp;
const getRoutes: string[] = [];
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({
    env: COUNTED_QUERIES_ENV,
    onRoute: (route: RouteOptions) => {
      const methods = [route.method].flat();
      // Not the notifications' event stream: it answers for as long as the client listens.
      const listing =
        route.url.startsWith('/api/') && !route.url.includes(':') && !route.url.endsWith('/stream');
      if (methods.includes('GET') && listing) {
        getRoutes.push(route.url);
      }
    },
  });
  cookie = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(async () => {
  await t.close();
});

/** The statements the pool ran while `work` did. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const patched = new Map<pg.PoolClient, pg.PoolClient['query']>();
  const listen = (client: pg.PoolClient) => {
    if (patched.has(client)) return;
    const query = client.query;
    patched.set(client, query);
    client.query = ((text: unknown, ...rest: unknown[]) => {
      statements.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return (query as (...args: unknown[]) => unknown).call(client, text, ...rest);
    }) as pg.PoolClient['query'];
  };
  t.database.pool.on('acquire', listen);
  try {
    await work();
    return statements;
  } finally {
    t.database.pool.off('acquire', listen);
    for (const [client, query] of patched) client.query = query;
  }
}

describe("the listing cache's tables", () => {
  it('every table a cached listing reads announces its changes', async () => {
    const { wallet } = await branchAccounts(t, 1001);
    const read: Record<string, string[]> = {};
    for (const path of [...new Set(getRoutes)].sort()) {
      const query = REQUIRED_QUERY[path]?.(wallet);
      const url = query ? `${path}?${query}` : path;
      const get = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
      let first!: Awaited<ReturnType<typeof get>>;
      const statements = await statementsDuring(async () => (first = await get()));
      if (first.statusCode !== 200 || statements.length === 0) continue;
      const again = await statementsDuring(get);
      if (again.length === 0) read[path] = [...new Set(statements.flatMap(tablesIn))].sort();
    }
    // The finding works: the four listings of ADR 032 are among those it found.
    expect(Object.keys(read)).toEqual(
      expect.arrayContaining([
        '/api/payment/customer-transactions',
        '/api/payment/refund-transactions',
        '/api/payment/batch-payments',
        '/api/account/v2/connected-account-transactions',
      ]),
    );
    const announced = new Set([
      ...LISTING_TABLES.map(([table]) => table),
      ...Object.keys(ANNOUNCED_OR_FIXED),
    ]);
    const unannounced = Object.fromEntries(
      Object.entries(read)
        .map(([path, tables]) => [path, tables.filter((table) => !announced.has(table))] as const)
        .filter(([, tables]) => tables.length > 0),
    );
    expect(unannounced).toEqual({});
  });

  it('reads table names out of statements as the check needs them', () => {
    expect(
      tablesIn(
        'with page as (select id from "orders" where merchant_id = $1) select * from page join "refunds" r on true left join users u on u.id = r.user_id, unnest($2) as x',
      ),
    ).toEqual(['orders', 'refunds', 'users']);
    expect(tablesIn('select count(*) from jsonb_array_elements($1)')).toEqual([]);
  });
});
