import { isDeepStrictEqual } from 'node:util';
import { Browser, newKey, type Answer, type Call } from './http.ts';
import type { FaultWorld } from './world.ts';

/**
 * Many money operations at once against the real server, as its users make them: the Kingston
 * manager moves money between the main wallet and JAM-DEX, cashes out to the bank, creates pay
 * links, refunds and uploads payrolls; the admin approves them; the demo's customers pay the
 * links. Every hundredth call repeats an earlier call's Idempotency-Key and body, and must get
 * the same answer. What each account should hold follows from the answers alone: fees are zero
 * on this server (see faultServerEnv), so a success moves exactly its amount.
 */

export const MANAGER = 'manager.kingston@bluemountain.example';
export const ADMIN = 'admin.kingston@bluemountain.example';

type Kind = 'jamdex-out' | 'jamdex-in' | 'bank-out' | 'pay' | 'refund' | 'batch';
/** How often each kind comes up, out of the sum. */
const MIX: [Kind, number][] = [
  ['jamdex-out', 20],
  ['jamdex-in', 15],
  ['bank-out', 20],
  ['pay', 25],
  ['refund', 15],
  ['batch', 5],
];

export interface LoadResult {
  operations: number;
  byKind: Record<string, { ok: number; refused: number }>;
  repeats: number;
  /** Calls that failed (a 5xx, no answer, an unexpected answer) and repeats that answered otherwise. */
  errors: string[];
  /** What each account should have moved by, from the answers. */
  deltas: Map<number, bigint>;
  /** The ids of the bank cash-outs that were made, and of the batches approved. */
  bankTransfers: string[];
  batches: number[];
}

interface Done {
  browser: Browser;
  call: Call;
  answer: Answer;
}

/** A random whole number from `low` to `high`. */
const between = (random: () => number, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));

/** Runs `tasks` with at most `concurrency` under way at once. */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export async function runMoneyLoad(
  baseUrl: string,
  world: FaultWorld,
  options: { operations: number; concurrency: number; random?: () => number },
): Promise<LoadResult> {
  const random = options.random ?? Math.random;
  const manager = new Browser(baseUrl, MANAGER);
  const admin = new Browser(baseUrl, ADMIN);
  await manager.signIn();
  await admin.signIn();
  const customers = world.customers.map((c) => ({ ...c, browser: new Browser(baseUrl, c.email) }));
  for (const customer of customers) await customer.browser.signInCustomer();

  const result: LoadResult = {
    operations: options.operations,
    byKind: Object.fromEntries(MIX.map(([kind]) => [kind, { ok: 0, refused: 0 }])),
    repeats: 0,
    errors: [],
    deltas: new Map(),
    bankTransfers: [],
    batches: [],
  };
  const move = (account: number, amount: number | bigint) =>
    result.deltas.set(account, (result.deltas.get(account) ?? 0n) + BigInt(amount));
  const moveBetween = (from: number, to: number, amount: number) => {
    move(from, -amount);
    move(to, amount);
  };

  const weights = MIX.reduce((sum, [, w]) => sum + w, 0);
  const kinds: (Kind | 'repeat')[] = Array.from({ length: options.operations }, (_, i) => {
    if (i % 100 === 99) return 'repeat';
    let pick = random() * weights;
    return MIX.find(([, w]) => (pick -= w) < 0)![0];
  });
  const customerOf = (i: number) => customers[i % customers.length]!;

  // What pays and refunds need first: links to pay, and orders paid (those payments count too).
  const links = new Map<number, { m_order_id: string; short_url: string; amount_to_pay: number }>();
  await pool(kinds.length, options.concurrency, async (i) => {
    if (kinds[i] !== 'pay' && kinds[i] !== 'refund') return;
    links.set(
      i,
      await manager.expect(201, {
        method: 'POST',
        path: '/api/payment/customer-transactions',
        key: newKey(),
        body: { amount_to_pay: between(random, 100, 5_000), description: 'Fault run' },
      }),
    );
  });
  const refundable = new Map<number, { orderId: string; transferId: string; amount: number }>();
  await pool(kinds.length, options.concurrency, async (i) => {
    const link = links.get(i);
    if (kinds[i] !== 'refund' || !link) return;
    const customer = customerOf(i);
    const paid = await customer.browser.send(payCall(link.short_url));
    if (paid.status !== 200) throw new Error(`Paying a link to refund answered ${paid.status}`);
    moveBetween(customer.wallet, world.wallet, link.amount_to_pay);
    const order = await manager.expect<{ transfer_id: string }>(200, {
      method: 'GET',
      path: `/api/payment/customer-transactions/${link.m_order_id}`,
    });
    refundable.set(i, {
      orderId: link.m_order_id,
      transferId: order.transfer_id,
      amount: link.amount_to_pay,
    });
  });

  const done = new Map<number, Promise<Done | null>>();
  const count = (kind: Kind, answer: Answer, ok: number) => {
    if (answer.status === ok) result.byKind[kind]!.ok++;
    else if (answer.status === 422) result.byKind[kind]!.refused++;
    else throw new Error(`${kind} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.status === ok;
  };
  const transfer = async (kind: Kind, body: Record<string, unknown>): Promise<Done> => {
    const call: Call = {
      method: 'POST',
      path: `/api/account/v1/accounts/${world.wallet}/transfers`,
      key: newKey(),
      body,
    };
    const answer = await manager.send(call);
    if (count(kind, answer, 201)) {
      const amount = body.amount as number;
      if (kind === 'jamdex-out') moveBetween(world.wallet, world.jamDex, amount);
      if (kind === 'jamdex-in') moveBetween(world.jamDex, world.wallet, amount);
      if (kind === 'bank-out') {
        move(world.wallet, -amount);
        result.bankTransfers.push((answer.body as { data: { transfer_id: string } }).data.transfer_id);
      }
    }
    return { browser: manager, call, answer };
  };

  const operation = async (i: number): Promise<Done | null> => {
    const kind = kinds[i]!;
    const amount = between(random, 1_000, 20_000);
    switch (kind) {
      case 'jamdex-out':
        return transfer(kind, {
          transfer_type: 'CASH_OUT',
          account_type: 'CBDC',
          account_id: world.jamDex,
          amount,
        });
      case 'jamdex-in':
        return transfer(kind, {
          transfer_type: 'CASH_IN',
          account_type: 'CBDC',
          account_id: world.jamDex,
          amount,
        });
      case 'bank-out':
        return transfer(kind, {
          transfer_type: 'CASH_OUT',
          account_type: 'BANK_ACCOUNT',
          account_id: world.bank,
          amount,
        });
      case 'pay': {
        const link = links.get(i)!;
        const customer = customerOf(i);
        const call = payCall(link.short_url);
        const answer = await customer.browser.send(call);
        if (count(kind, answer, 200)) {
          moveBetween(customer.wallet, world.wallet, link.amount_to_pay);
        }
        return { browser: customer.browser, call, answer };
      }
      case 'refund': {
        const order = refundable.get(i)!;
        const refunded = between(random, 100, order.amount);
        const call: Call = {
          method: 'POST',
          path: `/api/payment/${order.orderId}/partial-refund`,
          key: newKey(),
          body: { amount_to_refund: refunded, transferID: order.transferId, motif: 'OTHER', description: '' },
        };
        const answer = await manager.send(call);
        if (count(kind, answer, 201)) {
          moveBetween(world.wallet, customerOf(i).wallet, refunded);
        }
        return { browser: manager, call, answer };
      }
      case 'batch':
        return payroll(i);
      case 'repeat':
        return repeat(i);
    }
  };

  /** A payroll uploaded, validated by its job, sent for approval and approved from the main wallet. */
  const payroll = async (i: number): Promise<Done> => {
    const rows = world.payees.slice(0, between(random, 2, world.payees.length)).map((payee) => ({
      ...payee,
      cents: between(random, 100, 10_000),
    }));
    const csv = [
      'lynk_id,amount,name',
      ...rows.map((r, n) => `${r.lynkId},${(r.cents / 100).toFixed(2)},Payee ${n + 1}`),
    ].join('\n');
    const call: Call = {
      method: 'POST',
      path: '/api/payment/batch-payments',
      key: newKey(),
      body: {
        merchant_id: world.merchantId,
        name: `Fault payroll ${i}`,
        csv: Buffer.from(csv).toString('base64'),
      },
    };
    const answer = await manager.send(call);
    if (answer.status !== 201)
      throw new Error(`Uploading a payroll answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const id = (answer.body as { data: { id: number } }).data.id;
    await waitForBatch(manager, id, (status) => status !== 'NEW', 'VALIDATED');
    await manager.expect(200, { method: 'POST', path: `/api/payment/batch-payments/${id}/request` });
    const approved = await admin.send({
      method: 'POST',
      path: `/api/payment/batch-payments/${id}/approve`,
      body: { account_type: 'LYNK', account_id: world.wallet },
    });
    if (count('batch', approved, 200)) {
      result.batches.push(id);
      for (const row of rows) moveBetween(world.wallet, row.wallet, row.cents);
    }
    return { browser: manager, call, answer };
  };

  /** An earlier money-moving call sent again as it was: the same answer, marked as replayed. */
  const repeat = async (i: number): Promise<null> => {
    const earlier = [...done.keys()].filter((j) => j < i && kinds[j] !== 'repeat');
    const first = await done.get(earlier[Math.floor(random() * earlier.length)]!)!;
    if (!first) return null;
    result.repeats++;
    const again = await first.browser.send(first.call);
    if (
      again.status !== first.answer.status ||
      !isDeepStrictEqual(again.body, first.answer.body) ||
      !again.replayed
    ) {
      result.errors.push(
        `${first.call.method} ${first.call.path} repeated answered ${again.status} ${JSON.stringify(again.body)}, first ${first.answer.status} ${JSON.stringify(first.answer.body)}`,
      );
    }
    return null;
  };

  await pool(kinds.length, options.concurrency, async (i) => {
    const running = operation(i).catch((error: unknown) => {
      result.errors.push(`${kinds[i]}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    done.set(i, running);
    await running;
  });
  for (const id of result.batches) {
    await waitForBatch(
      manager,
      id,
      (status) => status !== 'APPROVED' && status !== 'PROCESSING',
      'COMPLETED',
    );
  }
  return result;
}

function payCall(shortUrl: string): Call {
  return { method: 'POST', path: `/api/payment/pay/${shortUrl.split('/pay/')[1]}`, key: newKey() };
}

/** Polls a batch (as its page does) until `settled` holds for its status; throws unless it is `expected`. */
export async function waitForBatch(
  browser: Browser,
  id: number,
  settled: (status: string) => boolean,
  expected: string,
) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const batch = await browser.expect<{ status: string }>(200, {
      method: 'GET',
      path: `/api/payment/batch-payments/${id}`,
    });
    if (settled(batch.status)) {
      if (batch.status !== expected) throw new Error(`Batch ${id} ended ${batch.status}, not ${expected}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Batch ${id} never settled`);
}
