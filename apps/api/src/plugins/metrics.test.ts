import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchAccounts, postTransfer } from '../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { cookieOf, newStaff, staffCalls } from '../test/staff.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { UNMATCHED_ROUTE } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, read back: one sample a line, comments skipped. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const find = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

let t: TestApp;
const scrape = async () => {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response;
};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { METRICS_TOKEN: TOKEN, BANK_RAIL_STEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('/metrics', () => {
  it('lists every series after a listing, a transfer through the ledger and a job', async () => {
    const { jar } = await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD);
    const cookie = jar.header();
    const kingston = await branchAccounts(t, 1001);
    const listing = `/api/account/v2/connected-account-transactions?account_id=${kingston.wallet}`;
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ url: listing, headers: { cookie } })).statusCode).toBe(200);
    }
    const transfer = await postTransfer(t.app, cookie, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: kingston.bank,
      amount: 1_234,
    });
    expect(transfer.statusCode).toBe(201);
    const admin = await cookieOf(t, 'admin.montego');
    const created = await staffCalls(t).post(
      newStaff('metrics.cashier@example.com', 3, { merchant_id: 1002 }),
      admin,
    );
    expect(created.statusCode).toBe(201);
    await t.app.inject({ url: '/no/such/address/4711' });

    // Exact queue figures: jobs nobody works on, a job that fails, and pg-boss's counts refreshed
    // at once rather than at its monitor's next pass (once a minute).
    const boss = t.app.boss!;
    await boss.createQueue('metrics-probe');
    await boss.send('metrics-probe', {});
    await boss.send('metrics-probe', {});
    await boss.send('metrics-probe', {}, { startAfter: 3600 });
    await boss.createQueue('metrics-probe-failing', { retryLimit: 0 });
    const failing = await boss.send('metrics-probe-failing', {});
    await boss.work('metrics-probe-failing', () => Promise.reject(new Error('refused on purpose')));
    await expect
      .poll(async () => (await boss.getJobById('metrics-probe-failing', failing!))?.state, {
        timeout: 20_000,
      })
      .toBe('failed');
    await boss.getQueueStats('metrics-probe', { force: true });
    await boss.getQueueStats('metrics-probe-failing', { force: true });

    const response = await scrape();
    expect(response.headers['content-type']).toBe(PROMETHEUS_TEXT);
    const text = response.body;
    for (const name of [
      'http_request_duration_seconds',
      'ledger_batch_size',
      'ledger_batch_commit_duration_seconds',
      'job_queue_depth',
      'job_queue_failed_jobs',
      'listing_cache_hits_total',
      'listing_cache_misses_total',
      'listing_cache_invalidations_total',
      'db_pool_connections',
      'db_pool_idle_connections',
      'db_pool_waiting_clients',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    const all = samples(text);

    // Requests by route pattern, never by address.
    const listed = find(all, 'http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/account/v2/connected-account-transactions',
      status_code: '200',
    });
    expect(listed[0]?.value).toBe(2);
    const transfers = find(all, 'http_request_duration_seconds_count', {
      method: 'POST',
      route: '/api/account/v1/accounts/:id/transfers',
      status_code: '201',
    });
    expect(transfers[0]?.value).toBe(1);
    expect(
      find(all, 'http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status_code: '404' })[0]
        ?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('4711');
    expect(text).not.toContain(`/accounts/${kingston.wallet}`);
    const sum = find(all, 'http_request_duration_seconds_sum', {
      route: '/api/account/v1/accounts/:id/transfers',
    });
    expect(sum[0]!.value).toBeGreaterThan(0);
    expect(sum[0]!.value).toBeLessThan(60);

    // The transfer went through the ledger writer: at least one batch, committed in sane time.
    expect(find(all, 'ledger_batch_size_count')[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(all, 'ledger_batch_size_sum')[0]!.value).toBeGreaterThanOrEqual(1);
    const commits = find(all, 'ledger_batch_commit_duration_seconds_sum')[0]!.value;
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(60);

    // Jobs, exactly as the queue table has them.
    expect(find(all, 'job_queue_depth', { queue: 'metrics-probe', state: 'ready' })[0]?.value).toBe(2);
    expect(find(all, 'job_queue_depth', { queue: 'metrics-probe', state: 'deferred' })[0]?.value).toBe(1);
    expect(find(all, 'job_queue_failed_jobs', { queue: 'metrics-probe-failing' })[0]?.value).toBe(1);
    expect(find(all, 'job_queue_failed_jobs', { queue: 'metrics-probe' })[0]?.value).toBe(0);
    expect(find(all, 'job_queue_depth', { queue: 'staff-mail' }).length).toBe(3);

    // The second read of the listing was served from the cache; the transfer made it stale.
    expect(find(all, 'listing_cache_hits_total')[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(all, 'listing_cache_misses_total')[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(all, 'listing_cache_invalidations_total')[0]!.value).toBeGreaterThanOrEqual(1);

    // The embedded database is one pool of one connection, shared by the ledger: reported once.
    const pools = find(all, 'db_pool_connections');
    expect(pools.map((p) => p.labels.pool)).toEqual(t.databaseUrl ? ['main', 'ledger'] : ['main']);
    for (const pool of pools) expect(pool.value).toBeGreaterThanOrEqual(0);
    const lag = find(all, 'nodejs_eventloop_lag_seconds')[0]!.value;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(10);
  });

  it('answers only to its bearer token; any other call gets the unknown-address answer', async () => {
    const unknown = await t.app.inject({ url: '/metricz' });
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Bearer ',
    ]) {
      const response = await t.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /metrics.' });
      expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    const allowed = await scrape();
    expect(allowed.headers['content-type']).toBe(PROMETHEUS_TEXT);
    expect(allowed.headers['cache-control']).toBe('no-store');
  });

  it('is not in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
  });

  it('answers 404 to everyone, the token too, when no token is configured', async () => {
    const closed = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer ' }]) {
        const response = await closed.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /metrics.' });
      }
    } finally {
      await closed.close();
    }
  });

  it('can be mounted open on another instance (an operations listener) with the same registry', async () => {
    const operations = Fastify();
    try {
      registerMetricsRoute(operations, { registry: t.app.metrics.registry, open: true });
      const response = await operations.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(PROMETHEUS_TEXT);
      expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    } finally {
      await operations.close();
    }
  });

  it('keeps each app’s series apart (one registry per app)', async () => {
    const other = await createTestApp();
    try {
      await other.app.inject({ url: '/healthz' });
      const own = samples(await other.app.metrics.registry.metrics());
      expect(find(own, 'http_request_duration_seconds_count', { route: '/healthz' })[0]?.value).toBe(1);
      expect(
        find(own, 'http_request_duration_seconds_count', { route: '/api/account/v1/accounts/:id/transfers' }),
      ).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
