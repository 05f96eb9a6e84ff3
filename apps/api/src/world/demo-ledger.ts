import type { Kysely } from 'kysely';
import { ROLE_NAMES, ROLE_PERMISSIONS } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';
import type { CreateTransfer } from '@lynk/contract/transfers';
import type { Currency, Database } from '../db/schema.ts';
import { makeTransfer } from '../modules/account/index.ts';
import { createLedger, type Ledger, postEntry, readLimit } from '../modules/ledger/index.ts';
import { advanceBankTransfer } from './bank-rail.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic generator, so every fresh start shows the same demo history. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const TODAY_CASH_OUT_PERCENT = [30, 62, 88];

const CONSUMERS = ['@kemar.b', '@shanice.w', '@andre.m', '@tashana.r', '@dwayne.p', '@keisha.l'];

/** Money that arrives from outside (a settlement account) before the demo history starts. */
async function openingBalance(
  ledger: Ledger,
  from: number,
  to: number,
  currency: Currency,
  amount: bigint,
  at: Date,
) {
  await postEntry(ledger, {
    kind: 'OPENING_BALANCE',
    description: 'Opening balance',
    createdAt: at,
    postings: [
      { accountId: from, currency, amount: -amount },
      { accountId: to, currency, amount },
    ],
  });
}

/** A demo transfer made through the portal's own service; the seed stops at the first refusal. */
async function demoTransfer(
  ledger: Ledger,
  caller: { identity: SessionIdentity; now: Date },
  walletId: number,
  move: CreateTransfer,
): Promise<string> {
  const made = await makeTransfer(
    ledger,
    { ...caller, ip: '127.0.0.1', railStepSeconds: null },
    walletId,
    move,
  );
  return made.transfer_id;
}

export interface DemoMerchant {
  merchantId: number;
  orgId: string;
  walletId: number;
  cbdcId: number | null;
  adminUserId: number;
}

/**
 * Linked accounts, limits, opening balances and a few months of transfers in every status for
 * each demo branch — made through the same services the portal uses, so the history is true.
 */
export async function seedDemoLedger(
  db: Kysely<Database>,
  { parentWalletId, merchants }: { parentWalletId: number; merchants: DemoMerchant[] },
  now: Date,
) {
  const ledger = createLedger(db);
  const cbdcSettlement = await ledger.internalAccount('cbdcSettlementJamDex', null);
  await openingBalance(
    ledger,
    await ledger.internalAccount('bankSettlement', 1000),
    parentWalletId,
    'JMD',
    48_000_000n,
    new Date(now.getTime() - 100 * DAY),
  );

  const consumers: number[] = [];
  for (const handle of CONSUMERS) {
    const { id } = await db
      .insertInto('accounts')
      .values({
        merchant_id: null,
        type: 'CONSUMER',
        currency: 'JAM-DEX',
        account_ref: `CONSUMER-${handle.slice(1)}`,
        label: handle,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    consumers.push(id);
    await openingBalance(
      ledger,
      cbdcSettlement,
      id,
      'JAM-DEX',
      5_000_000n,
      new Date(now.getTime() - 120 * DAY),
    );
  }

  for (const [i, merchant] of merchants.entries()) {
    const next = random(1000 + i);
    const linked = async (values: {
      type: 'BANK_ACCOUNT' | 'BENEFICIARY';
      ref: string;
      label: string;
      details: object;
    }) =>
      (
        await db
          .insertInto('accounts')
          .values({
            merchant_id: merchant.merchantId,
            currency: 'JMD',
            account_ref: values.ref,
            type: values.type,
            label: values.label,
            details: JSON.stringify(values.details) as never,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const bank = await linked({
      type: 'BANK_ACCOUNT',
      ref: `BANK-${merchant.merchantId}-1`,
      label: 'NCB ****4321',
      details: { bank_name: 'National Commercial Bank', masked_bank_account: '****4321' },
    });
    const failingBank = await linked({
      type: 'BANK_ACCOUNT',
      ref: `BANK-${merchant.merchantId}-2`,
      label: 'Sagicor Bank ****0000 (closed)',
      details: { bank_name: 'Sagicor Bank', masked_bank_account: '****0000', simulate_failure: true },
    });
    const beneficiary = await linked({
      type: 'BENEFICIARY',
      ref: `BENEFICIARY-${merchant.merchantId}-1`,
      label: 'Island Beans Ltd',
      details: { account_number: '001-234-567', bank_name: 'Scotiabank Jamaica' },
    });

    const openedAt = new Date(now.getTime() - 100 * DAY);
    const bankSettlement = await ledger.internalAccount('bankSettlement', merchant.merchantId);
    await openingBalance(ledger, bankSettlement, merchant.walletId, 'JMD', 125_000_000n, openedAt);
    if (merchant.cbdcId)
      await openingBalance(ledger, cbdcSettlement, merchant.cbdcId, 'JAM-DEX', 15_000_000n, openedAt);

    const identity: SessionIdentity = {
      id: String(merchant.adminUserId),
      authID: 'demo-seed',
      role: ROLE_NAMES[1],
      role_id: 1,
      displayName: 'Demo seed',
      email: '',
      org_id: merchant.orgId,
      merchant_id: merchant.merchantId,
      permissions: [...ROLE_PERMISSIONS[1]],
    };
    const moves: CreateTransfer[] = [
      { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: bank, amount: 0 },
      { transfer_type: 'CASH_IN', account_type: 'BANK_ACCOUNT', account_id: bank, amount: 0 },
      { transfer_type: 'CASH_OUT', account_type: 'BENEFICIARY', account_id: beneficiary, amount: 0 },
      { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: failingBank, amount: 0 },
      ...(merchant.cbdcId
        ? [
            {
              transfer_type: 'CASH_OUT',
              account_type: 'CBDC',
              account_id: merchant.cbdcId,
              amount: 0,
            } as const,
            {
              transfer_type: 'CASH_IN',
              account_type: 'CBDC',
              account_id: merchant.cbdcId,
              amount: 0,
            } as const,
          ]
        : []),
    ];
    for (let day = 90, n = 0; day >= 0; day -= 3, n++) {
      const at = new Date(now.getTime() - day * DAY - Math.floor(next() * 8) * 60 * 60 * 1000);
      const move = moves[n % moves.length]!;
      const amount = (Math.floor(next() * 400) + 20) * 10_000; // J$2,000 – J$42,000 in whole hundreds
      const transferId = await demoTransfer(ledger, { identity, now: at }, merchant.walletId, {
        ...move,
        amount,
      });
      // Older bank transfers have run through the rail; the last days' are still on their way.
      const steps = day >= 3 ? 2 : day === 0 ? 0 : 1;
      for (let s = 0; s < steps; s++)
        await advanceBankTransfer(db, ledger, transferId, new Date(at.getTime() + (s + 1) * 60 * 60 * 1000));
    }

    // Money still on its way: a cash-out of 20 hours ago has reached the bank, which has not posted
    // it yet; this morning's top-up from the bank waits for the bank to take it up.
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    const onItsWay = await demoTransfer(ledger, { identity, now: hoursAgo(20) }, merchant.walletId, {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: bank,
      amount: 1_000_000,
    });
    await advanceBankTransfer(db, ledger, onItsWay, hoursAgo(19));
    await demoTransfer(ledger, { identity, now: hoursAgo(2) }, merchant.walletId, {
      transfer_type: 'CASH_IN',
      account_type: 'BANK_ACCOUNT',
      account_id: bank,
      amount: 2_500_000,
    });

    // Today's cash-outs bring each branch's daily limit to a different level, so the limit bars
    // show every colour: Kingston in the green, Montego Bay amber, Ocho Rios red.
    const cashOut = await readLimit(db, merchant.walletId, 'ACH_CASHOUT', now);
    const target =
      (BigInt(cashOut.limit) * BigInt(TODAY_CASH_OUT_PERCENT[i % TODAY_CASH_OUT_PERCENT.length]!)) / 100n;
    const topUp = target - BigInt(cashOut.used);
    if (topUp >= 10n) {
      await demoTransfer(ledger, { identity, now }, merchant.walletId, {
        transfer_type: 'CASH_OUT',
        account_type: 'BANK_ACCOUNT',
        account_id: bank,
        amount: Number(topUp),
      });
    }

    if (merchant.cbdcId) {
      for (let k = 0; k < 24; k++) {
        const at = new Date(now.getTime() - Math.floor(next() * 60 * 24) * 60 * 60 * 1000);
        const consumer = consumers[Math.floor(next() * consumers.length)]!;
        const amount = (Math.floor(next() * 150) + 5) * 1_000; // J$50 – J$1,550
        const success = next() > 0.12;
        if (success) {
          await postEntry(ledger, {
            kind: 'CBDC_PAYMENT',
            description: 'JAM-DEX payment',
            createdAt: at,
            merchantId: merchant.merchantId,
            postings: [
              { accountId: consumer, currency: 'JAM-DEX', amount: -BigInt(amount) },
              { accountId: merchant.cbdcId!, currency: 'JAM-DEX', amount: BigInt(amount) },
            ],
          });
        }
        // The payment's record of the simulated JAM-DEX network, once its money has moved.
        await db
          .insertInto('cbdc_payments')
          .values({
            merchant_id: merchant.merchantId,
            account_id: merchant.cbdcId!,
            from_id: CONSUMERS[consumers.indexOf(consumer)]!,
            amount: String(amount),
            status: success ? 'Success' : 'Failure',
            created_at: at,
          })
          .execute();
      }
    }
  }
}
