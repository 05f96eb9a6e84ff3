import { z } from 'zod';

export const ACCOUNT_TYPES = ['LYNK', 'CBDC', 'BANK_ACCOUNT', 'BENEFICIARY'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Wallet keys used in routes and configuration: the main wallet and JAM-DEX. */
export const WALLET_KEYS = { main: 'lynk', cbdc: 'jam-dex' } as const;
export const WALLET_ROUTES = { main: 'lynk-wallet', cbdc: 'jamdex-wallet' } as const;

export const accountSchema = z.object({
  id: z.number().int(),
  type: accountTypeSchema,
  details: z.object({
    account_id: z.string(),
    currency: z.string(),
    external_reference: z.string().optional(),
    masked_bank_account: z.string().optional(),
    account_number: z.string().optional(),
  }),
});
export type Account = z.infer<typeof accountSchema>;

/** GET /api/account/v1/accounts */
export const accountListSchema = z.object({ result: z.array(accountSchema) });

export const branchSchema = z.object({
  merchant_id: z.number().int(),
  organization_id: z.string(),
  name: z.string(),
  accounts: z.array(z.object({ id: z.number().int(), type: accountTypeSchema })),
});
export type Branch = z.infer<typeof branchSchema>;

/** GET /api/account/v1/accounts/children */
export const childrenSchema = z.object({ children: z.array(branchSchema) });
