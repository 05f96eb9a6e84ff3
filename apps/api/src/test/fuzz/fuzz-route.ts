import fc, { type Arbitrary } from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { expectSoundLedger } from '../ledger.ts';
import type { TestApp } from '../test-app.ts';
import {
  databaseFootprint,
  footprintChanges,
  userTables,
  type FootprintChange,
} from './database-footprint.ts';
import { HOSTILE_PATH_SEGMENTS, RAW_BODIES, idempotencyKeyHeader } from './hostile-values.ts';
import { conformingValue, hostileValue } from './json-schema-arbitrary.ts';
import type { WritingRoute } from './writing-routes.ts';

/** Cases per route: 200 in the test run, `FUZZ_RUNS` when set (`npm run fuzz` sets 10,000). */
function fuzzRuns(): number {
  const runs = Number(process.env.FUZZ_RUNS ?? 200);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a whole number, not ${runs}`);
  return runs;
}

/** A test's time for a route's `fuzzRuns()` cases, at a generous `msPerCase` each. */
export function fuzzTimeout(msPerCase = 100): number {
  return 60_000 + fuzzRuns() * msPerCase;
}

/**
 * Some cases were accepted (answered one of `statuses`): the fuzzing reached the route's work, not
 * only its refusals. Under 100 cases, chance alone may have refused them all.
 */
export function expectSomeAccepted(answers: Map<number, number>, ...statuses: number[]) {
  if (fuzzRuns() < 100) return;
  expect(statuses.reduce((sum, status) => sum + (answers.get(status) ?? 0), 0)).toBeGreaterThan(0);
}

/** Who sends the requests: their headers (a session cookie), renewed when the caller says so. */
export interface Caller {
  /** The headers to send; `renewed` when they were made afresh (a new sign-in wrote rows). */
  headers(): Promise<{ headers: Record<string, string>; renewed: boolean }>;
  /** Sees each answer (an accepted sign-out means signing in again before the next request). */
  answered?(response: LightMyRequestResponse, sent: Record<string, unknown>): void;
}

export interface FuzzInputs {
  /** Values for path parameters, beside the contract's and hostile ones: the caller's own objects, others'. */
  pathValues?: Record<string, Arbitrary<string>>;
  /** Bodies beside those the contract's schema yields (a batch's file as a CSV, for instance). */
  body?: Arbitrary<unknown>;
  /** Headers sent instead of the caller's own (a forged or missing session cookie); null sends theirs. */
  headers?: Arbitrary<Record<string, string> | null>;
  /** Whole requests whose parts belong together (an order's id in the path, its transfer in the body). */
  coherent?: Arbitrary<{ path: Record<string, string>; body: unknown }>;
  /** Tables a refusal of this route writes to by design (a failed sign-in is counted). */
  refusalsCountIn?: string[];
}

interface FuzzRequest {
  target: { url: string; payload: string | undefined };
  contentType: string | undefined;
  replacedHeaders: Record<string, string> | null;
  idempotencyKey: string | string[] | undefined;
  csrf: boolean;
}

const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

function fillPath(route: WritingRoute, values: Record<string, string>): string {
  return Object.entries(values).reduce((path, [name, value]) => path.replace(`{${name}}`, value), route.path);
}

function pathArbitrary(route: WritingRoute, inputs: FuzzInputs): Arbitrary<string> {
  const values = Object.entries(route.pathParameters).map(([name, schema]) => {
    const given = inputs.pathValues?.[name];
    return fc
      .oneof(
        ...(given ? [{ weight: 6, arbitrary: given }] : []),
        { weight: 2, arbitrary: conformingValue(schema).map(String) },
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
      )
      .map((value) => [name, value] as const);
  });
  return fc.tuple(...values).map((chosen) => fillPath(route, Object.fromEntries(chosen)));
}

function bodyArbitrary(route: WritingRoute, inputs: FuzzInputs): Arbitrary<string | undefined> {
  const raw = fc.constantFrom(...RAW_BODIES);
  if (!route.body) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: raw },
    );
  }
  const schema = route.body;
  return fc.oneof(
    { weight: 8, arbitrary: hostileValue(schema).map((value) => JSON.stringify(value)) },
    ...(inputs.body ? [{ weight: 8, arbitrary: inputs.body.map((value) => JSON.stringify(value)) }] : []),
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function requestArbitrary(route: WritingRoute, inputs: FuzzInputs): Arbitrary<FuzzRequest> {
  const independent = fc.record({ url: pathArbitrary(route, inputs), payload: bodyArbitrary(route, inputs) });
  const target = inputs.coherent
    ? fc.oneof(
        independent,
        inputs.coherent.map(({ path, body }) => ({
          url: fillPath(route, path),
          payload: JSON.stringify(body),
        })),
      )
    : independent;
  return fc.record({
    target,
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES) },
    ),
    replacedHeaders: inputs.headers ?? fc.constant(null),
    idempotencyKey: route.takesIdempotencyKey ? idempotencyKeyHeader() : fc.constant(undefined),
    // Now and then without the portal's anti-forgery header: always refused.
    csrf: fc.oneof(
      { weight: 15, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
  });
}

/** The one write a refusal may make: its answer kept under its Idempotency-Key, one row. */
function isKeptRefusal(route: WritingRoute, changes: Record<string, FootprintChange>): boolean {
  const tables = Object.keys(changes);
  const keys = changes['public.idempotency_keys'];
  return (
    route.takesIdempotencyKey &&
    tables.length === 1 &&
    keys !== undefined &&
    Number(keys.after) === Number(keys.before) + 1
  );
}

function describeCase(route: WritingRoute, request: FuzzRequest, response: LightMyRequestResponse) {
  const payload = request.target.payload === undefined ? '(no body)' : request.target.payload.slice(0, 300);
  return `${route.method} ${request.target.url} ${payload} → ${response.statusCode} ${response.body.slice(0, 300)}`;
}

/**
 * Sends `fuzzRuns()` generated requests to the route as `caller`, and checks each answer: never a
 * 5xx; a refusal (4xx) in the one error shape, with every table's row count and every balance as
 * before and the ledger sound; an acceptance leaves the ledger sound.
 */
export async function fuzzWritingRoute(
  t: TestApp,
  route: WritingRoute,
  caller: Caller,
  inputs: FuzzInputs = {},
) {
  const db = t.database.db;
  const tables = await userTables(db, inputs.refusalsCountIn);
  await expectSoundLedger(db);
  let before = await databaseFootprint(db, tables);
  const answers = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requestArbitrary(route, inputs), async (request) => {
      const { headers, renewed } = await caller.headers();
      if (renewed) before = await databaseFootprint(db, tables);
      const sent = {
        ...(request.replacedHeaders ?? headers),
        ...(request.csrf ? { 'x-lynk-csrf': '1' } : {}),
        ...(request.target.payload === undefined ? {} : { 'content-type': request.contentType }),
        ...(request.idempotencyKey === undefined ? {} : { 'idempotency-key': request.idempotencyKey }),
      };
      const send = () =>
        t.app.inject({
          method: route.method,
          url: request.target.url,
          headers: sent,
          ...(request.target.payload === undefined ? {} : { payload: request.target.payload }),
        });
      const response = await send();
      caller.answered?.(response, sent);
      answers.set(response.statusCode, (answers.get(response.statusCode) ?? 0) + 1);
      const described = describeCase(route, request, response);
      expect(response.statusCode, described).toBeLessThan(500);
      const after = await databaseFootprint(db, tables);
      const changes = footprintChanges(before, after);
      // Taken before asserting, so that shrinking a failure does not inherit its writes.
      before = after;
      if (response.statusCode < 400) {
        if (Object.keys(changes).length > 0) await expectSoundLedger(db);
        return;
      }
      expect(response.json(), described).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
      if (isKeptRefusal(route, changes)) {
        // The ledger engine keeps a refusal it decided (not enough money, the order changed) under
        // the request's key: a retry hears the same refusal rather than moving money later. That
        // one row is the only write allowed, and the retry must answer the same and write nothing.
        const replay = await send();
        expect([replay.statusCode, replay.body], described).toEqual([response.statusCode, response.body]);
        const afterReplay = await databaseFootprint(db, tables);
        expect(footprintChanges(before, afterReplay), `the replay of ${described}`).toEqual({});
        return;
      }
      // Unchanged counts and balances leave the ledger as sound as it was when last verified:
      // its postings can only be added (the database refuses updates and deletes).
      expect(changes, described).toEqual({});
    }),
    { numRuns: fuzzRuns() },
  );
  await expectSoundLedger(db);
  // `npm run fuzz` prints what each route answered, for the record in docs/security.md.
  if (process.env.FUZZ_SUMMARY) {
    const tally = [...answers].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.info(`${route.name}: ${fuzzRuns()} cases, ${tally.join(' ')}`);
  }
  return answers;
}
