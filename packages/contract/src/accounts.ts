import { z } from 'zod/mini';
import { wholeNumberParam } from './listings.ts';
import { centsSchema } from './money.ts';
import { GATES, type Gate } from './permissions.ts';
import { limitTransferTypeSchema } from './statuses.ts';

const ACCOUNT_TYPES = ['LYNK', 'CBDC', 'BANK_ACCOUNT', 'BENEFICIARY'] as const;
const accountTypeSchema = z.enum(ACCOUNT_TYPES);

/** Wallet keys used in routes and configuration: the main wallet and JAM-DEX. */
export const WALLET_KEYS = { main: 'lynk', cbdc: 'jam-dex' } as const;
export const WALLET_ROUTES = { main: 'lynk-wallet', cbdc: 'jamdex-wallet' } as const;

const accountSchema = z.object({
  id: z.int(),
  type: accountTypeSchema,
  /** How the account is shown: "Main wallet", "NCB ****4321", a beneficiary's name. */
  label: z.string(),
  details: z.object({
    account_id: z.string(),
    currency: z.string(),
    external_reference: z.optional(z.string()),
    masked_bank_account: z.optional(z.string()),
    bank_name: z.optional(z.string()),
    /** A beneficiary's account number, masked to its last four digits ("****4567"). */
    account_number: z.optional(z.string()),
  }),
});
export type Account = z.infer<typeof accountSchema>;

/**
 * Who may list the accounts. The list feeds the wallet screens only: the balance widget (balance
 * read), the transfer modal (any transfer permission) and the JAM-DEX payments tab (which needs
 * the CBDC wallet's reference). Passing any one of those gates is enough; a role with none of them
 * has no screen that shows an account, so it gets 403.
 */
export const ACCOUNT_LIST_GATE: Gate = {
  anyOf: [...GATES.balance.allOf, ...GATES.transfer.anyOf, ...GATES.paymentsTab.anyOf],
};

/**
 * GET /api/account/v1/accounts — the merchant's wallets, bank accounts and beneficiaries. Needs
 * balance read, a transfer permission or the payments tab (ACCOUNT_LIST_GATE); no full account
 * number is ever answered.
 */
export const accountListSchema = z.object({ result: z.array(accountSchema) });

export const accountIdParamsSchema = z.object({ id: wholeNumberParam(1, 2_147_483_647) });

/** GET /api/account/v2/accounts/{id}/balance — amounts are integer cents. */
export const balanceResponseSchema = z.object({
  data: z.object({ balance: centsSchema, currency: z.string() }),
});

/** GET /api/account/v1/accounts/{accountId}/limits?period=&transfer_type= */
export const limitQuerySchema = z
  .object({
    period: z.pipe(wholeNumberParam(1, 2), z.union([z.literal(1), z.literal(2)])),
    transfer_type: limitTransferTypeSchema,
  })
  .check(
    z.refine((q) => (q.transfer_type === 'MBATCH' ? q.period === 2 : q.period === 1), {
      message: 'MBATCH limits are weekly (period 2); TOP and ACH_CASHOUT are daily (period 1)',
      path: ['period'],
    }),
  );

const limitSchema = z.object({
  transfer_type: limitTransferTypeSchema,
  period: z.union([z.literal(1), z.literal(2)]),
  limit: centsSchema,
  used: centsSchema,
  remaining: centsSchema,
  /** When the period rolls over (midnight in Jamaica; Monday for weekly limits). */
  resets_at: z.string(),
});
export type Limit = z.infer<typeof limitSchema>;
export const limitResponseSchema = z.object({ data: limitSchema });

const branchSchema = z.object({
  merchant_id: z.int(),
  organization_id: z.string(),
  name: z.string(),
  /** When the branch joined Lynk (ISO 8601): the table's sortable date column. */
  created_at: z.string(),
  accounts: z.array(z.object({ id: z.int(), type: accountTypeSchema })),
  /** Main wallet balance in cents (JMD); null when the caller may not read balances. */
  balance: z.nullable(centsSchema),
  limits: z.nullable(z.object({ TOP: limitSchema, ACH_CASHOUT: limitSchema, MBATCH: limitSchema })),
});
export type Branch = z.infer<typeof branchSchema>;

/** GET /api/account/v1/accounts/children */
export const childrenSchema = z.object({ children: z.array(branchSchema) });
