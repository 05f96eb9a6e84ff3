import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app.ts';

/** The ids of a demo branch's accounts, read from the seeded database. */
export async function branchAccounts(t: TestApp, merchantId: number) {
  const rows = await t.database.db
    .selectFrom('accounts')
    .select(['id', 'type', 'account_ref'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
  const byRef = (suffix: string) => rows.find((r) => r.account_ref.endsWith(suffix))!.id;
  return {
    wallet: rows.find((r) => r.type === 'LYNK')!.id,
    cbdc: rows.find((r) => r.type === 'CBDC')?.id,
    cbdcRef: rows.find((r) => r.type === 'CBDC')?.account_ref,
    bank: byRef(`BANK-${merchantId}-1`),
    failingBank: byRef(`BANK-${merchantId}-2`),
    beneficiary: byRef(`BENEFICIARY-${merchantId}-1`),
  };
}

export async function balanceOf(t: TestApp, accountId: number): Promise<bigint> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

let keyCounter = 0;
export const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

export function postTransfer(
  app: FastifyInstance,
  cookie: string,
  walletId: number,
  body: unknown,
  key: string | null = newKey(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/account/v1/accounts/${walletId}/transfers`,
    headers: { cookie, 'x-lynk-csrf': '1', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}
