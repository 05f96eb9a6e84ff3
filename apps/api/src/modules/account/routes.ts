import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountIdParamsSchema,
  accountListSchema,
  balanceResponseSchema,
  childrenSchema,
  limitQuerySchema,
  limitResponseSchema,
} from '@lynk/contract/accounts';
import { EXPORT_MAX_ENTRIES } from '@lynk/contract/constants';
import { apiErrorSchema } from '@lynk/contract/errors';
import { MESSAGES } from '@lynk/contract/messages';
import { centsToDecimalString } from '@lynk/contract/money';
import { GATES, passesGate } from '@lynk/contract/permissions';
import { LIMIT_TRANSFER_TYPES } from '@lynk/contract/statuses';
import {
  cbdcPaymentsListSchema,
  createTransferSchema,
  exportQuerySchema,
  exportResponseSchema,
  transferResponseSchema,
  transfersListSchema,
  transfersQuerySchema,
} from '@lynk/contract/transfers';
import { listingQuerySchema } from '@lynk/contract/listings';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { requireGate, requireIdentity } from '../../plugins/auth.ts';
import { readLimit } from '../ledger/limits.ts';
import {
  findMerchantAccount,
  findMerchantAccountByRef,
  listChildBranches,
  listCbdcPayments,
  listMerchantAccounts,
  listTransfers,
  transfersForExport,
} from './repository.ts';
import { createTransfer, toTransferDto } from './transfers.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const LINKED_TYPES = new Set(['LYNK', 'CBDC', 'BANK_ACCOUNT', 'BENEFICIARY']);

/** The account back end (`/api/account`). Every query is scoped by the caller's merchant. */
export async function accountRoutes(app: FastifyInstance, opts: { railStepSeconds: number }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/v1/accounts',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['account'],
        summary: "The merchant's wallets, bank accounts and beneficiaries",
        response: { 200: accountListSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listMerchantAccounts(app.db, request.identity!.merchant_id);
      return {
        result: rows
          .filter((row) => LINKED_TYPES.has(row.type))
          .map((row) => ({
            id: row.id,
            type: row.type as 'LYNK' | 'CBDC' | 'BANK_ACCOUNT' | 'BENEFICIARY',
            label: row.label,
            details: {
              account_id: row.account_ref,
              currency: row.currency,
              ...(row.external_reference ? { external_reference: row.external_reference } : {}),
              ...(row.details.masked_bank_account
                ? { masked_bank_account: row.details.masked_bank_account }
                : {}),
              ...(row.details.bank_name ? { bank_name: row.details.bank_name } : {}),
              ...(row.details.account_number ? { account_number: row.details.account_number } : {}),
            },
          })),
      };
    },
  );

  typed.get(
    '/v1/accounts/children',
    {
      preHandler: requireIdentity,
      schema: {
        tags: ['account'],
        summary: 'Branches of the signed-in organization, with balance and limits',
        response: { 200: childrenSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const identity = request.identity!;
      // Balances and limits need balance read (spec section 6); the branch list itself does not.
      const mayReadBalances = passesGate(identity.permissions, identity.role, GATES.balance);
      const branches = await listChildBranches(app.db, identity.org_id);
      const children = [];
      for (const branch of branches) {
        const accounts = branch.accounts.filter((a) => a.type === 'LYNK' || a.type === 'CBDC') as {
          id: number;
          type: 'LYNK' | 'CBDC';
        }[];
        if (!mayReadBalances) {
          children.push({ ...branch, accounts, balance: null, limits: null });
          continue;
        }
        const main = branch.accounts.find((a) => a.type === 'LYNK');
        const limits = Object.fromEntries(
          await Promise.all(
            LIMIT_TRANSFER_TYPES.map(
              async (type) => [type, await readLimit(app.db, main?.id ?? 0, type, now)] as const,
            ),
          ),
        ) as Record<(typeof LIMIT_TRANSFER_TYPES)[number], Awaited<ReturnType<typeof readLimit>>>;
        children.push({ ...branch, accounts, balance: Number(main?.balance ?? 0), limits });
      }
      return { children };
    },
  );

  typed.get(
    '/v2/accounts/:id/balance',
    {
      preHandler: requireGate(GATES.balance),
      schema: {
        tags: ['account'],
        summary: "A wallet's balance in cents",
        params: accountIdParamsSchema,
        response: { 200: balanceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const account = await findMerchantAccount(app.db, request.identity!.merchant_id, request.params.id);
      if (!account || (account.type !== 'LYNK' && account.type !== 'CBDC'))
        throw notFound('This wallet does not exist.');
      return { data: { balance: Number(account.balance), currency: account.currency } };
    },
  );

  typed.get(
    '/v1/accounts/:id/limits',
    {
      preHandler: requireGate(GATES.accountLimits),
      schema: {
        tags: ['account'],
        summary: "A wallet's limit and what remains of it this period",
        params: accountIdParamsSchema,
        querystring: limitQuerySchema,
        response: { 200: limitResponseSchema, ...errors },
      },
    },
    async (request) => {
      const account = await findMerchantAccount(app.db, request.identity!.merchant_id, request.params.id);
      if (!account || account.type !== 'LYNK') throw notFound('This wallet does not exist.');
      return { data: await readLimit(app.db, account.id, request.query.transfer_type, new Date()) };
    },
  );

  typed.post(
    '/v1/accounts/:id/transfers',
    {
      preHandler: requireGate(GATES.transfer),
      schema: {
        tags: ['account'],
        summary: 'Move money between the main wallet and a linked account (Idempotency-Key required)',
        params: accountIdParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: createTransferSchema,
        response: { 201: transferResponseSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await idempotent(app.db, request, reply, async (trx) => ({
        statusCode: 201,
        body: {
          data: await createTransfer(
            {
              db: trx,
              boss: app.boss,
              identity: request.identity!,
              ip: request.ip,
              railStepSeconds: opts.railStepSeconds,
            },
            request.params.id,
            request.body,
          ),
        },
      }));
    },
  );

  typed.get(
    '/v2/connected-account-transactions',
    {
      preHandler: requireGate(GATES.transfersHistoryTab),
      schema: {
        tags: ['account'],
        summary: 'Transfers history (jam-dex-only=true for the JAM-DEX wallet)',
        querystring: transfersQuerySchema,
        response: { 200: transfersListSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await listTransfers(
        app.db,
        request.identity!.merchant_id,
        query,
        query['jam-dex-only'] === 'true',
      );
      return {
        result: rows.map(toTransferDto),
        meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
      };
    },
  );

  typed.get(
    '/v1/accounts/:id/payments',
    {
      preHandler: requireGate(GATES.paymentsTab),
      schema: {
        tags: ['account'],
        summary: "JAM-DEX payments received ({id} is the CBDC account's details.account_id)",
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: listingQuerySchema,
        response: { 200: cbdcPaymentsListSchema, ...errors },
      },
    },
    async (request) => {
      const account = await findMerchantAccountByRef(
        app.db,
        request.identity!.merchant_id,
        request.params.id,
      );
      if (!account || account.type !== 'CBDC') throw notFound('This JAM-DEX wallet does not exist.');
      const { rows, total } = await listCbdcPayments(app.db, account.id, request.query);
      return {
        result: rows.map((row) => ({
          id: row.id,
          from_id: row.from_id,
          date: row.created_at.toISOString(),
          amount: Number(row.amount),
          status: row.status,
        })),
        meta_data: { count: rows.length, limit: request.query.limit, offset: request.query.offset, total },
      };
    },
  );

  typed.get(
    '/v1/accounts/:id/export',
    {
      preHandler: requireGate(GATES.exportReport),
      schema: {
        tags: ['account'],
        summary: "A wallet's transfers between two dates, as a base64 CSV",
        params: accountIdParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: exportResponseSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const merchantId = request.identity!.merchant_id;
      const account = await findMerchantAccount(app.db, merchantId, request.params.id);
      if (!account || (account.type !== 'LYNK' && account.type !== 'CBDC'))
        throw notFound('This wallet does not exist.');
      // One more than allowed tells "too many" apart from "exactly the limit".
      const rows = await transfersForExport(
        app.db,
        merchantId,
        account.id,
        request.query,
        EXPORT_MAX_ENTRIES + 1,
      );
      if (rows.length > EXPORT_MAX_ENTRIES)
        throw new AppError('EXPORT_LIMIT', 422, MESSAGES.export.entryLimit);
      const csv = toCsv(
        ['Transfer ID', 'Date', 'From', 'To', 'Type', 'Status', 'Total (JMD)', 'Commission', 'GCT'],
        rows.map((row) => [
          row.id,
          row.created_at.toISOString(),
          row.from_label,
          row.to_label,
          row.type,
          row.status,
          centsToDecimalString(BigInt(row.amount)),
          centsToDecimalString(BigInt(row.commission)),
          centsToDecimalString(BigInt(row.gct)),
        ]),
      );
      return { base64_file: Buffer.from(csv).toString('base64') };
    },
  );
}
