/**
 * Complete sign-ins through the balancer: the authorization request, the password form, the
 * callback, then the portal's first call with the new session cookie. Round robin sends each step
 * to the next instance, so with two instances a sign-in only completes when the instances share
 * what it leaves behind (the provider's interaction, the session); `X-Served-By` tells where each
 * step went.
 */
import { performance } from 'node:perf_hooks';
import { signIn } from './real-server.ts';
import { percentile } from './percentile.ts';

export interface SignInFigures {
  perSecond: number;
  completed: number;
  failed: number;
  p50: number;
  p99: number;
  /** Completed sign-ins whose steps were answered by more than one instance. */
  acrossInstances: number;
  /** Every instance that answered a step. */
  instances: string[];
  /** The first failure's message, if any. */
  firstError?: string;
}

/**
 * Each sign-in from an address of its own, as staff in many shops: the sign-in form allows ten
 * attempts a minute per address and email, which a benchmark signing six people in several times a
 * second would meet. The balancer, trusted by the instances, passes the address on.
 */
let signInsSoFar = 0;
const nextAddress = () => {
  const n = signInsSoFar++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function oneSignIn(baseUrl: string, email: string): Promise<Set<string>> {
  const servedBy = new Set<string>();
  const observe = (response: Response) => {
    const instance = response.headers.get('x-served-by');
    if (instance) servedBy.add(instance);
  };
  const headers = { 'x-forwarded-for': nextAddress() };
  const session = await signIn(baseUrl, email, { observe, headers });
  const check = await fetch(`${baseUrl}/api/session`, {
    headers: { ...headers, cookie: `${session.name}=${session.value}` },
  });
  observe(check);
  await check.arrayBuffer();
  if (!check.ok) throw new Error(`The new session answered ${check.status} on /api/session`);
  return servedBy;
}

/** `concurrency` staff members signing in over and over (taking `emails` in turn) for `seconds`. */
export async function runSignIns(
  baseUrl: string,
  emails: string[],
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<SignInFigures> {
  const durations: number[] = [];
  const instances = new Set<string>();
  let failed = 0;
  let acrossInstances = 0;
  let firstError: string | undefined;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const email = emails[next++ % emails.length]!;
        const began = performance.now();
        try {
          const servedBy = await oneSignIn(baseUrl, email);
          durations.push(performance.now() - began);
          for (const instance of servedBy) instances.add(instance);
          if (servedBy.size > 1) acrossInstances++;
        } catch (error) {
          failed++;
          firstError ??= `${email}: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    perSecond: durations.length / elapsed,
    completed: durations.length,
    failed,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    acrossInstances,
    instances: [...instances].sort(),
    ...(firstError ? { firstError } : {}),
  };
}
