/**
 * Ledger transfers over HTTP through the balancer, as the portal makes them: the signed-in Kingston
 * manager moves J$1 between the main wallet and the JAM-DEX wallet, out and back in turn, each POST
 * with an Idempotency-Key of its own. Every attempt is kept (key, body, answer, when), so that the
 * database can be checked afterwards for every accepted transfer existing exactly once.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Unanswered, type Browser, type Call } from '../apps/api/src/test/faults/http.ts';
import { percentile } from './percentile.ts';

/** The two wallets the transfers move money between. */
export interface Wallets {
  wallet: number;
  jamDex: number;
}

const AMOUNT = 100;

export interface Attempt {
  call: Call;
  direction: 'CASH_OUT' | 'CASH_IN';
  /** performance.now() when sent and when answered (or when the connection failed). */
  sentAt: number;
  answeredAt: number;
  /** null: no answer came through the balancer. */
  status: number | null;
  /** Answered from the stored answer of an earlier request with the same key (`Idempotent-Replayed`). */
  replayed: boolean;
  transferId?: string;
}

function transferCall(wallets: Wallets, direction: Attempt['direction']): Call {
  return {
    method: 'POST',
    path: `/api/account/v1/accounts/${wallets.wallet}/transfers`,
    key: `fleet-${randomUUID()}`,
    body: { transfer_type: direction, account_type: 'CBDC', account_id: wallets.jamDex, amount: AMOUNT },
  };
}

async function attempt(browser: Browser, call: Call, direction: Attempt['direction']): Promise<Attempt> {
  const sentAt = performance.now();
  try {
    const answer = await browser.send(call);
    const transferId = (answer.body as { data?: { transfer_id?: string } } | null)?.data?.transfer_id;
    return {
      call,
      direction,
      sentAt,
      answeredAt: performance.now(),
      status: answer.status,
      replayed: answer.replayed,
      ...(answer.status === 201 && transferId ? { transferId } : {}),
    };
  } catch (error) {
    if (!(error instanceof Unanswered)) throw error;
    return { call, direction, sentAt, answeredAt: performance.now(), status: null, replayed: false };
  }
}

/** `callers` transfers at a time, each caller sending its next as soon as the last is answered, for `seconds`. */
export async function runTransfers(
  browser: Browser,
  wallets: Wallets,
  { callers, seconds }: { callers: number; seconds: number },
): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let i = 0; performance.now() < deadline; i++) {
        const direction = i % 2 === 0 ? 'CASH_OUT' : 'CASH_IN';
        attempts.push(await attempt(browser, transferCall(wallets, direction), direction));
      }
    }),
  );
  return attempts;
}

/** An answer a client must send again: none came, or the balancer or server failed (5xx). */
export const failed = (a: Attempt) => a.status === null || a.status >= 500;

export interface TransferFigures {
  perSecond: number;
  accepted: number;
  refused: number;
  failed: number;
  p50: number;
  p99: number;
}

/** Accepted transfers per second (answered within the window), and the accepted ones' latency. */
export function transferFigures(attempts: Attempt[], seconds: number): TransferFigures {
  const accepted = attempts.filter((a) => a.status === 201);
  const latencies = accepted.map((a) => a.answeredAt - a.sentAt).sort((x, y) => x - y);
  return {
    perSecond: accepted.length / seconds,
    accepted: accepted.length,
    refused: attempts.filter((a) => a.status === 422).length,
    failed: attempts.filter(failed).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * What a client does with a request that got no answer or a 5xx: sends it again as it was (same
 * key, same body) until it is answered. The server must answer one that had taken effect from its
 * stored answer, not move the money again. Answers every attempt as it finally ended.
 */
export async function settle(
  browser: Browser,
  attempts: Attempt[],
): Promise<{ settled: Attempt[]; resent: number }> {
  let resent = 0;
  const settled: Attempt[] = [];
  for (const first of attempts) {
    let last = first;
    for (let tries = 0; failed(last) && tries < 5; tries++) {
      resent++;
      last = await attempt(browser, first.call, first.direction);
    }
    if (failed(last)) throw new Error(`${first.call.key} still failed after 5 tries: ${last.status}`);
    settled.push(last);
  }
  return { settled, resent };
}
