import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@lynk/contract/permissions';
import { ROUTE_ACCESS, routeKey } from '@lynk/contract/route-access';
import { CSRF, signInActors, type Actor } from './test/authorisation/actors.ts';
import { expectedAnswer, type Expected, type Target } from './test/authorisation/expectations.ts';
import { ROUTE_REQUESTS, type Call, type RouteRequest } from './test/authorisation/requests.ts';
import { makeTenants, type Tenant } from './test/authorisation/tenants.ts';
import { writableState } from './test/authorisation/writes.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * The authorisation matrix (architecture section 9): every route of the app, as every kind of
 * caller, with the real ids of the caller's own branch, another branch of the chain and a
 * merchant outside it. What each call must answer comes from the route's one entry in the access
 * table (packages/contract/src/route-access.ts) and the caller's permissions (passesGate).
 */

let t: TestApp;
let origin: string;
let actors: Actor[];
let tenants: Tenant[];
/** The own branch's staff emails: only those who may read staff see another member's. */
let ownStaffEmails: string[];
/** Every route the app added, hidden ones too, by the access table's key. */
const routes = new Set<string>();

/** Fastify's `all` (the identity provider's routes) is one key, `*`; HEAD answers as GET. */
function hearRoute(route: RouteOptions) {
  const methods = [route.method].flat();
  if (methods.length > 2) {
    routes.add(routeKey('*', route.url));
    return;
  }
  for (const method of methods) if (method !== 'HEAD') routes.add(routeKey(method, route.url));
}

beforeAll(async () => {
  t = await createTestApp({
    onRoute: hearRoute,
    // Every actor signs in from the same address: the matrix is no brute force.
    env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000' },
  });
  // The notification stream never ends by itself: it is read over a socket and closed.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  actors = await signInActors(t);
  const customer = actors.find((actor) => actor.kind === 'customer')!;
  tenants = await makeTenants(t, customer.credentials.cookie!);
  const own = tenants.find((tenant) => tenant.name === 'own branch')!;
  const staff = await t.database.db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .select('u.email')
    .where('m.merchant_id', '=', own.merchantId)
    .execute();
  ownStaffEmails = staff.map((member) => member.email);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Answer {
  statusCode: number;
  body: string;
  code?: string;
}

/** The stream's first bytes (its status and opening lines), then the socket is closed. */
function openStream(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get(new URL(url, origin), { headers }, (response) => {
      response.setEncoding('utf8');
      response.once('data', (chunk: string) => {
        resolve({ statusCode: response.statusCode!, body: chunk });
        request.destroy();
      });
    });
    request.on('error', reject);
  });
}

async function send(call: Call, actor: Actor): Promise<Answer> {
  const headers = { ...CSRF, ...actor.credentials, ...call.headers };
  if (call.url === '/api/profile/notifications/stream') return openStream(call.url, headers);
  const response = await t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers,
    ...(call.payload !== undefined ? { payload: call.payload } : {}),
  });
  let code: string | undefined;
  if (response.headers['content-type']?.toString().startsWith('application/json')) {
    code = (response.json() as { code?: string }).code;
  }
  return { statusCode: response.statusCode, body: response.body, ...(code ? { code } : {}) };
}

function mismatch(expected: Expected, answer: Answer, isPublic: boolean, isRead: boolean): string | null {
  if (expected.outcome === 'refused') {
    if (answer.statusCode !== expected.status) return `expected ${expected.status}, got ${answer.statusCode}`;
    if (expected.code && answer.code !== expected.code)
      return `expected code ${expected.code}, got ${answer.code}`;
    return null;
  }
  if (answer.statusCode >= 500) return `expected an answer, got ${answer.statusCode}`;
  if (answer.statusCode === 401 || answer.statusCode === 403)
    return `expected access, got ${answer.statusCode}`;
  if (!isPublic && answer.statusCode === 404) return `expected its own object, got 404`;
  if (!isPublic && isRead && answer.statusCode !== 200) return `expected 200, got ${answer.statusCode}`;
  // A write past the checks does its work, or says why the object's state forbids it (409, 422):
  // never a 400, which would mean the matrix's request was not the valid one it must be.
  const done = answer.statusCode < 300 || answer.statusCode === 409 || answer.statusCode === 422;
  if (!isPublic && !done) return `expected the work done or a conflict, got ${answer.statusCode}`;
  return null;
}

/** Files come base64 in the JSON (CSV exports, receipts, reports): they are read as text too. */
const BASE64 = /^[A-Za-z0-9+/]{16,}={0,2}$/;

function readable(body: string): string {
  const files: string[] = [];
  try {
    JSON.parse(body, (_key, value: unknown) => {
      if (typeof value === 'string' && BASE64.test(value))
        files.push(Buffer.from(value, 'base64').toString('utf8'));
      return value;
    });
  } catch {
    // Not JSON (a page, a PNG, an event stream): read as it is.
  }
  return [body, ...files].join('\n');
}

/** The markers found in an answer: a whole id, name or amount, not a part of one. */
function leaked(body: string, markers: readonly string[]): string[] {
  const text = readable(body);
  return markers.filter((marker) => {
    const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\w.@-])${escaped}(?![\\w@-])`).test(text);
  });
}

/** What must not reach the actor: another tenant's, and another member's email without staff read. */
function hiddenFrom(actor: Actor, foreignMarkers: readonly string[]): string[] {
  const identity = actor.identity;
  if (!identity || can(identity.permissions, identity.role, 'staffMenu')) return [...foreignMarkers];
  return [...foreignMarkers, ...ownStaffEmails.filter((email) => email !== identity.email)];
}

/** The calls of one route by one actor: with each tenant's ids, and with their own record's. */
async function casesOf(request: RouteRequest, actor: Actor, own: Tenant) {
  const cases: { label: string; call: Call; target: Target }[] = [];
  for (const tenant of request.perTenant ? tenants : [own]) {
    cases.push({
      label: `the ${tenant.name}'s ids`,
      call: await request.build({ t, tenant }),
      target: { ownTenant: tenant === own, ...request.target?.(tenant) },
    });
  }
  if (request.ownRecord && actor.identity) {
    cases.push({
      label: 'their own record',
      call: request.ownRecord(actor.identity),
      target: { ownTenant: true, ownerId: Number(actor.identity.id) },
    });
  }
  return cases;
}

function orderedKeys(): string[] {
  const keys = Object.keys(ROUTE_REQUESTS);
  return [
    ...keys.filter((key) => !ROUTE_REQUESTS[key]!.last),
    ...keys.filter((key) => ROUTE_REQUESTS[key]!.last),
  ];
}

describe('the authorisation matrix', () => {
  it('has one access rule for every route of the app, and none for a route that is gone', () => {
    const missing = [...routes].filter((key) => !(key in ROUTE_ACCESS));
    const gone = Object.keys(ROUTE_ACCESS).filter((key) => !routes.has(key));
    expect({ missing, gone }, 'routes with no entry in route-access.ts, entries with no route').toEqual({
      missing: [],
      gone: [],
    });
    expect(Object.keys(ROUTE_REQUESTS).sort(), 'a request for every entry').toEqual(
      Object.keys(ROUTE_ACCESS).sort(),
    );
  });

  it('covers every operation of the OpenAPI document', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      // The document writes `{id}` for `:id`, and a prefix's own root (`/api/profile`) with a slash.
      Object.keys(methods).map((method) =>
        routeKey(method, path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')),
      ),
    );
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((key) => !routes.has(key))).toEqual([]);
  });

  it('shows a cashier only the orders they made (read:owned-orders), in the listing and the notifications', async () => {
    const cashier = actors.find((actor) => actor.name === 'cashier')!;
    const read = async (url: string) => {
      const answer = await send({ method: 'GET', url }, cashier);
      expect(answer.statusCode).toBe(200);
      return JSON.parse(answer.body) as { result: Record<string, unknown>[] };
    };
    const listed = (await read('/api/payment/customer-transactions?limit=100')).result.map(
      (row) => row.m_order_id,
    );
    const told = (await read('/api/profile/notifications?limit=100')).result
      .filter((row) => row.code === 'PAYMENT_RECEIVED')
      .map((row) => (row.data as { m_order_id: string }).m_order_id);
    expect(listed.length).toBeGreaterThan(0);
    expect(told.length).toBeGreaterThan(0);
    const makers = await t.database.db
      .selectFrom('orders')
      .select('created_by')
      .distinct()
      .where('id', 'in', [...listed, ...told] as string[])
      .execute();
    expect(makers).toEqual([{ created_by: Number(cashier.identity!.id) }]);
  });

  it('answers every caller as the access table says, shows nothing of another tenant and writes nothing when it refuses', async () => {
    const own = tenants.find((tenant) => tenant.name === 'own branch')!;
    const foreignMarkers = tenants.filter((tenant) => tenant !== own).flatMap((tenant) => tenant.markers);
    const failures: string[] = [];
    const tally: Record<string, number> = {};
    let lastState: Record<string, string> | null;
    for (const key of orderedKeys()) {
      const access = ROUTE_ACCESS[key]!;
      const request = ROUTE_REQUESTS[key]!;
      const isPublic = access.caller === 'public';
      for (const actor of actors) {
        const cases = await casesOf(request, actor, own);
        // Making the calls may have added their targets (a member to delete).
        lastState = null;
        for (const { label, call, target } of cases) {
          const expected = expectedAnswer(access, actor, target);
          const isRead = call.method === 'GET';
          // The state after a refused write is the next one's before: nothing was to change it.
          const before =
            !isRead && expected.outcome === 'refused' ? (lastState ?? (await writableState(t))) : null;
          lastState = null;
          const answer = await send(call, actor);
          const outcome = expected.outcome === 'refused' ? String(expected.status) : 'allowed';
          tally[outcome] = (tally[outcome] ?? 0) + 1;
          const where = `${key} as ${actor.name} with ${label}`;
          const wrong = mismatch(expected, answer, isPublic, isRead);
          if (wrong) failures.push(`${where}: ${wrong} (${answer.body.slice(0, 160)})`);
          // The pay page shows the merchant being paid, whoever it is: that is its purpose.
          if (access.tenancy !== 'consumer' && !isPublic && actor.kind !== 'anonymous') {
            const found = leaked(answer.body, hiddenFrom(actor, foreignMarkers));
            if (found.length > 0) failures.push(`${where}: shows what it must not: ${found.join(', ')}`);
          }
          if (before) {
            const after = await writableState(t);
            lastState = after;
            const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
            if (changed.length > 0)
              failures.push(`${where}: refused (${answer.statusCode}) yet changed ${changed.join(', ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every kind of answer was asked for, many times over: the matrix cannot pass by calling nothing.
    for (const outcome of ['401', '403', '404', 'allowed']) expect(tally[outcome]).toBeGreaterThan(100);
  }, 120_000);
});
