/**
 * Latency and throughput of requests through a Fastify app's `inject` (no sockets: what is left
 * is the app itself), for the orders benchmark and its bare-route anchor.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { percentile } from './percentile.ts';

export interface LoadFigures {
  p50: number;
  p99: number;
  perSecond: number;
  /** The anchor's requests/s, measured in the slices between this request's (`measure`'s `anchor`). */
  anchorPerSecond?: number;
}

/** A bare route to measure alongside: its requests/s come from slices alternating with the app's. */
export interface Anchor {
  app: FastifyInstance;
  request: InjectOptions;
}

/** Calls between two turns of the event loop (see `turnTheLoopNowAndThen`). */
const TURN_EVERY = 64;
const WARM_UP_MS = 1000;
let calls = 0;

/**
 * Lets the event loop turn every TURN_EVERY calls. A request answered from memory settles
 * entirely in microtasks, so a loop of them never lets the event loop reach its check phase: the
 * `setImmediate` each injected response schedules piles up, every response stays reachable
 * (~10 KB each), and garbage collection pauses grow until they are most of the time measured. A
 * server on a socket turns the loop for every request anyway.
 */
async function turnTheLoopNowAndThen(): Promise<void> {
  if (++calls % TURN_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
}

async function send(app: FastifyInstance, request: InjectOptions): Promise<void> {
  const response = await app.inject(request);
  if (response.statusCode !== 200) {
    throw new Error(`${request.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

/**
 * p50/p99 of `requests` sent one after the other (after a second's warm-up), then requests/s with
 * `concurrency` in flight for `seconds`. `beforeEach` runs before every request (and is timed).
 * With an `anchor`, the seconds alternate between the app and the anchor, one second each, so
 * that a machine slowing down for a while (they are shared) slows both alike.
 */
export async function measure(
  app: FastifyInstance,
  request: InjectOptions,
  options: {
    requests: number;
    seconds: number;
    concurrency: number;
    beforeEach?: () => void;
    anchor?: Anchor;
  },
): Promise<LoadFigures> {
  const before = options.beforeEach ?? (() => undefined);
  // Warm up for a second with the measured concurrency: a whole app's request path takes longer
  // to be compiled by the JIT than a one-route anchor's (the first second runs at about half speed).
  await inFlight(options.concurrency, WARM_UP_MS, async () => {
    before();
    await send(app, request);
  });
  const timings: number[] = [];
  for (let i = 0; i < options.requests; i++) {
    await turnTheLoopNowAndThen();
    const start = performance.now();
    before();
    await send(app, request);
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);

  const call = async () => {
    before();
    await send(app, request);
  };
  const figures = { p50: percentile(timings, 50), p99: percentile(timings, 99) };
  const { anchor } = options;
  if (!anchor) {
    const { done, elapsed } = await inFlight(options.concurrency, options.seconds * 1000, call);
    return { ...figures, perSecond: Math.round(done / (elapsed / 1000)) };
  }
  const callAnchor = () => send(anchor.app, anchor.request);
  await inFlight(options.concurrency, WARM_UP_MS, callAnchor);
  const own = { done: 0, elapsed: 0 };
  const other = { done: 0, elapsed: 0 };
  for (let second = 0; second < options.seconds; second++) {
    add(own, await inFlight(options.concurrency, 1000, call));
    add(other, await inFlight(options.concurrency, 1000, callAnchor));
  }
  return {
    ...figures,
    perSecond: Math.round(own.done / (own.elapsed / 1000)),
    anchorPerSecond: Math.round(other.done / (other.elapsed / 1000)),
  };
}

function add(total: { done: number; elapsed: number }, slice: { done: number; elapsed: number }) {
  total.done += slice.done;
  total.elapsed += slice.elapsed;
}

/** Runs `call` in `concurrency` loops until `ms` have passed; how many calls finished, in how long. */
async function inFlight(concurrency: number, ms: number, call: () => Promise<void>) {
  let done = 0;
  const start = performance.now();
  const deadline = start + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await turnTheLoopNowAndThen();
        await call();
        done++;
      }
    }),
  );
  return { done, elapsed: performance.now() - start };
}

/** Runs `work` with `callers` concurrent loops until `total` are done; latency per call and calls/s. */
export async function drive(
  total: number,
  callers: number,
  work: (i: number) => Promise<void>,
): Promise<LoadFigures & { count: number }> {
  const timings: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let i = next++; i < total; i = next++) {
        await turnTheLoopNowAndThen();
        const began = performance.now();
        await work(i);
        timings.push(performance.now() - began);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  timings.sort((a, b) => a - b);
  return {
    count: timings.length,
    p50: percentile(timings, 50),
    p99: percentile(timings, 99),
    perSecond: Math.round(timings.length / elapsed),
  };
}
