import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  approveBatchSchema,
  BATCH_REJECT_GATE,
  batchCsvQuerySchema,
  batchesListSchema,
  batchesQuerySchema,
  batchParamsSchema,
  batchResponseSchema,
  csvFileResponseSchema,
  type CsvFileResponse,
  rejectBatchSchema,
  singlePayeeResponseSchema,
  singlePayeeSchema,
} from '@lynk/contract/batches';
import { apiErrorSchema } from '@lynk/contract/errors';
import { GATES } from '@lynk/contract/permissions';
import { idempotencyClaim, sendEngineAnswer } from '../ledger/index.ts';
import { requireRecentSecondFactor } from '../../plugins/step-up.ts';
import { requireGate } from '../../plugins/auth.ts';
import { cachedListing } from '../../plugins/listing-cache.ts';
import { batchCsv, batchTemplate } from './files.ts';
import { VALIDATE_BATCH_JOB } from './jobs.ts';
import { PROCESS_BATCH_JOB } from './processing.ts';
import { batchQueue } from './queue.ts';
import { batchReceipt } from './receipt.ts';
import { batchUploadRoute } from './upload-route.ts';
import { approveBatch, rejectBatch, requestApproval, type TransitionCaller } from './transitions.ts';
import { createSinglePayee, getBatch, listBatches, type BatchCaller, type BatchSettings } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const transitionErrors = { ...errors, 409: apiErrorSchema, 422: apiErrorSchema };
const idempotencyHeaders = z.object({ 'idempotency-key': z.optional(z.string()) });

/** The payment back end's batch payments (`/api/payment/batch-payments`), scoped by merchant. */
export async function batchRoutes(app: FastifyInstance, opts: { settings: BatchSettings }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest): BatchCaller => ({
    identity: request.identity!,
    ip: request.ip,
    now: app.clock(),
    settings: opts.settings,
    enqueue: batchQueue(app.boss, VALIDATE_BATCH_JOB, request.id),
  });
  const batchesCache = cachedListing(app, 'batches', (request) => ({
    merchantId: request.identity!.merchant_id,
  }));

  typed.get(
    '/batch-payments',
    {
      preValidation: requireGate(GATES.paymentHistoryTab),
      preHandler: batchesCache.preHandler,
      schema: {
        tags: ['payment'],
        summary: 'Batch payments, newest first by default',
        querystring: batchesQuerySchema,
        response: { 200: batchesListSchema, ...errors },
      },
    },
    batchesCache.handler(async (request) =>
      listBatches(app.db, request.identity!.merchant_id, request.query),
    ),
  );

  typed.get(
    '/batch-payments/template',
    {
      preValidation: requireGate(GATES.createPayments),
      schema: {
        tags: ['payment'],
        summary: 'The batch file template: the header (lynk_id,amount,name) and two example rows, base64',
        response: { 200: csvFileResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => batchTemplate(),
  );

  typed.get(
    '/batch-payments/:id',
    {
      preValidation: requireGate(GATES.paymentHistoryTab),
      schema: {
        tags: ['payment'],
        summary: 'One batch payment (polled while it is validated: rows_checked of rows_total)',
        params: batchParamsSchema,
        response: { 200: batchResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getBatch(app.db, request.identity!.merchant_id, request.params.id) }),
  );

  typed.get(
    '/batch-payments/:id/csv',
    {
      preValidation: requireGate(GATES.paymentHistoryTab),
      schema: {
        tags: ['payment'],
        summary: "A batch's rows as CSV (base64), with each row's error when include_errors=true",
        params: batchParamsSchema,
        querystring: batchCsvQuerySchema,
        response: { 200: csvFileResponseSchema, ...errors },
      },
    },
    // The contract's JSON as a stream, written a page at a time (files.ts): a 400,000-row batch's
    // file is never whole in memory. A stream is sent as it is, so the schema only documents it.
    async (request, reply) => {
      const who = { identity: request.identity!, ip: request.ip };
      const body = await batchCsv(app.db, who, request.params.id, request.query.include_errors);
      return reply.type('application/json; charset=utf-8').send(body as unknown as CsvFileResponse);
    },
  );

  typed.get(
    '/batch-payments/:id/receipt',
    {
      preValidation: requireGate(GATES.paymentHistoryTab),
      schema: {
        tags: ['payment'],
        summary:
          "A processed batch's receipt.csv (base64): each payee's amount, fee, GCT, outcome and reference",
        params: batchParamsSchema,
        response: { 200: csvFileResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const who = { identity: request.identity!, ip: request.ip };
      const body = await batchReceipt(app.db, who, request.params.id);
      return reply.type('application/json; charset=utf-8').send(body as unknown as CsvFileResponse);
    },
  );

  await app.register(batchUploadRoute, { caller });

  typed.post(
    '/batch-payments/single-payee',
    {
      preValidation: requireGate(GATES.createPayments),
      schema: {
        tags: ['payment'],
        summary: 'A single payment: a one-payee batch, validated like an upload (Idempotency-Key required)',
        headers: idempotencyHeaders,
        body: singlePayeeSchema,
        response: { 201: singlePayeeResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const claim = idempotencyClaim(request, { now: app.clock() });
      await sendEngineAnswer(reply, await createSinglePayee(app.db, caller(request), request.body, claim));
    },
  );

  // The approval workflow (spec section 4): the maker requests, an admin approves or either rejects.
  const actor = (request: FastifyRequest): TransitionCaller => ({
    identity: request.identity!,
    ip: request.ip,
    now: app.clock(),
    enqueueProcessing: batchQueue(app.boss, PROCESS_BATCH_JOB, request.id),
  });

  typed.post(
    '/batch-payments/:id/request',
    {
      preValidation: requireGate(GATES.createPayments),
      schema: {
        tags: ['payment'],
        summary: "Send a validated batch for the admins' approval (PENDING_APPROVAL, notification)",
        params: batchParamsSchema,
        response: { 200: batchResponseSchema, ...transitionErrors },
      },
    },
    async (request) => ({ data: await requestApproval(app.db, actor(request), request.params.id) }),
  );

  typed.post(
    '/batch-payments/:id/reject',
    {
      preValidation: requireGate(BATCH_REJECT_GATE),
      schema: {
        tags: ['payment'],
        summary: 'Reject a validated or pending batch, with a reason of at most 45 characters',
        params: batchParamsSchema,
        body: rejectBatchSchema,
        response: { 200: batchResponseSchema, ...transitionErrors },
      },
    },
    async (request) => ({
      data: await rejectBatch(app.db, actor(request), request.params.id, request.body.reason),
    }),
  );

  typed.post(
    '/batch-payments/:id/approve',
    {
      // Money leaves here: a second factor within the last 15 minutes (ADR 030).
      preValidation: [requireGate(GATES.reviewBatch), requireRecentSecondFactor],
      schema: {
        tags: ['payment'],
        summary: 'Approve a batch from a source of funds (admin; weekly limit and balance checked)',
        params: batchParamsSchema,
        body: approveBatchSchema,
        response: { 200: batchResponseSchema, ...transitionErrors },
      },
    },
    async (request) => ({
      data: await approveBatch(app.db, actor(request), request.params.id, request.body),
    }),
  );
}
