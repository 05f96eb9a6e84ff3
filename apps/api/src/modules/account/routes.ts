import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  ACCOUNT_LIST_GATE,
  accountIdParamsSchema,
  accountListSchema,
  balanceResponseSchema,
  childrenSchema,
  limitQuerySchema,
  limitResponseSchema,
} from '@lynk/contract/accounts';
import { apiErrorSchema } from '@lynk/contract/errors';
import { listingQuerySchema } from '@lynk/contract/listings';
import { GATES, passesGate } from '@lynk/contract/permissions';
import {
  cbdcPaymentsListSchema,
  createTransferSchema,
  leavesAWallet,
  type CreateTransfer,
  exportQuerySchema,
  exportResponseSchema,
  transferResponseSchema,
  transfersListSchema,
  transfersQuerySchema,
} from '@lynk/contract/transfers';
import { idempotencyClaim, sendEngineAnswer } from '../ledger/index.ts';
import { requireGate, requireIdentity } from '../../plugins/auth.ts';
import { requireRecentSecondFactorWhen } from '../../plugins/step-up.ts';
import {
  exportWalletCsv,
  listAccounts,
  listBranches,
  listJamDexPayments,
  listTransferHistory,
  readBalance,
  readWalletLimit,
} from './service.ts';
import { createTransfer } from './transfer-service.ts';
import { cachedListing } from '../../plugins/listing-cache.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The account back end (`/api/account`). Every query is scoped by the caller's merchant. */
export async function accountRoutes(app: FastifyInstance, opts: { railStepSeconds: number }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const transfersCache = cachedListing(app, 'transfers', (request) => ({
    merchantId: request.identity!.merchant_id,
  }));

  typed.get(
    '/v1/accounts',
    {
      preValidation: requireGate(ACCOUNT_LIST_GATE),
      schema: {
        tags: ['account'],
        summary: "The merchant's wallets, bank accounts and beneficiaries (account numbers masked)",
        response: { 200: accountListSchema, ...errors },
      },
    },
    async (request) => ({ result: await listAccounts(app.db, request.identity!.merchant_id) }),
  );

  typed.get(
    '/v1/accounts/children',
    {
      preValidation: requireIdentity,
      schema: {
        tags: ['account'],
        summary: 'Branches of the signed-in organization, with balance and limits',
        response: { 200: childrenSchema, ...errors },
      },
    },
    async (request) => {
      const identity = request.identity!;
      // Balances and limits need balance read (spec section 6); the branch list itself does not.
      const withBalances = passesGate(identity.permissions, identity.role, GATES.balance);
      return { children: await listBranches(app.db, identity.org_id, withBalances, app.clock()) };
    },
  );

  typed.get(
    '/v2/accounts/:id/balance',
    {
      preValidation: requireGate(GATES.balance),
      schema: {
        tags: ['account'],
        summary: "A wallet's balance in cents",
        params: accountIdParamsSchema,
        response: { 200: balanceResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await readBalance(app.db, request.identity!.merchant_id, request.params.id),
    }),
  );

  typed.get(
    '/v1/accounts/:id/limits',
    {
      preValidation: requireGate(GATES.accountLimits),
      schema: {
        tags: ['account'],
        summary: "A wallet's limit and what remains of it this period",
        params: accountIdParamsSchema,
        querystring: limitQuerySchema,
        response: { 200: limitResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await readWalletLimit(
        app.db,
        request.identity!.merchant_id,
        request.params.id,
        request.query.transfer_type,
        app.clock(),
      ),
    }),
  );

  typed.post(
    '/v1/accounts/:id/transfers',
    {
      preValidation: requireGate(GATES.transfer),
      // Money leaving a wallet (ADR 030) needs a recent second factor; a cash-in from the bank does not.
      preHandler: requireRecentSecondFactorWhen((request) => leavesAWallet(request.body as CreateTransfer)),
      schema: {
        tags: ['account'],
        summary: 'Move money between the main wallet and a linked account (Idempotency-Key required)',
        params: accountIdParamsSchema,
        headers: z.object({ 'idempotency-key': z.optional(z.string()) }),
        body: createTransferSchema,
        response: { 201: transferResponseSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const claim = idempotencyClaim(request, { now });
      const caller = {
        identity: request.identity!,
        ip: request.ip,
        now,
        railStepSeconds: app.boss ? opts.railStepSeconds : null,
      };
      const outcome = await createTransfer(app.ledger, caller, request.params.id, request.body, claim);
      await sendEngineAnswer(reply, outcome);
    },
  );

  typed.get(
    '/v2/connected-account-transactions',
    {
      preValidation: requireGate(GATES.transfersHistoryTab),
      preHandler: transfersCache.preHandler,
      schema: {
        tags: ['account'],
        summary: 'Transfers history (jam-dex-only=true for the JAM-DEX wallet)',
        querystring: transfersQuerySchema,
        response: { 200: transfersListSchema, ...errors },
      },
    },
    transfersCache.handler(async (request) =>
      listTransferHistory(
        app.db,
        request.identity!.merchant_id,
        request.query,
        request.query['jam-dex-only'] === 'true',
      ),
    ),
  );

  typed.get(
    '/v1/accounts/:id/payments',
    {
      preValidation: requireGate(GATES.paymentsTab),
      schema: {
        tags: ['account'],
        summary: "JAM-DEX payments received ({id} is the CBDC account's details.account_id)",
        params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
        querystring: listingQuerySchema,
        response: { 200: cbdcPaymentsListSchema, ...errors },
      },
    },
    async (request) =>
      listJamDexPayments(app.db, request.identity!.merchant_id, request.params.id, request.query),
  );

  typed.get(
    '/v1/accounts/:id/export',
    {
      preValidation: requireGate(GATES.exportReport),
      schema: {
        tags: ['account'],
        summary: "A wallet's transfers between two dates, as a base64 CSV",
        params: accountIdParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: exportResponseSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const csv = await exportWalletCsv(
        app.db,
        { identity: request.identity!, ip: request.ip },
        request.params.id,
        request.query,
        app.clock(),
      );
      return { base64_file: Buffer.from(csv).toString('base64') };
    },
  );
}
