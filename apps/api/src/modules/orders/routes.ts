import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { apiErrorSchema } from '@lynk/contract/errors';
import {
  createPaymentRequestSchema,
  payLinkCodeSchema,
  payLinkResponseSchema,
  orderIdSchema,
  orderResponseSchema,
  ordersListSchema,
  ordersQuerySchema,
  paymentRequestSchema,
  REFUND_REQUEST_SCHEMAS,
  refundResponseSchema,
  refundsListSchema,
  refundsQuerySchema,
} from '@lynk/contract/orders';
import { GATES } from '@lynk/contract/permissions';
import { idempotencyClaim, sendEngineAnswer } from '../ledger/index.ts';
import { requireGate } from '../../plugins/auth.ts';
import { cachedListing } from '../../plugins/listing-cache.ts';
import { type ConsumerAuthOptions, requireConsumer } from '../consumer-auth/index.ts';
import { declinePayLink, payPayLink, readPayLink } from './pay-service.ts';
import {
  createPaymentRequest,
  getOrder,
  listOrders,
  listRefunds,
  ownerFilter,
  refundOrder,
  type OrderSettings,
} from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const idempotencyHeaders = z.object({ 'idempotency-key': z.optional(z.string()) });
const orderParams = z.object({ id: orderIdSchema });

/** The payment back end's orders and refunds (`/api/payment`). Every query is scoped by merchant. */
export async function orderRoutes(
  app: FastifyInstance,
  opts: { settings: OrderSettings; consumers: ConsumerAuthOptions },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const customer = requireConsumer(opts.consumers);
  const payParams = z.object({ code: payLinkCodeSchema });
  // A cashier who may read only their own orders has an answer of their own (ADR 032).
  const ordersCache = cachedListing(app, 'orders', (request) => ({
    merchantId: request.identity!.merchant_id,
    viewer: ownerFilter(request.identity!),
  }));
  const refundsCache = cachedListing(app, 'refunds', (request) => ({
    merchantId: request.identity!.merchant_id,
  }));

  typed.get(
    '/customer-transactions',
    {
      preValidation: requireGate(GATES.ordersTab),
      preHandler: ordersCache.preHandler,
      schema: {
        tags: ['payment'],
        summary: 'Orders (a cashier who may read only their own orders gets theirs)',
        querystring: ordersQuerySchema,
        response: { 200: ordersListSchema, ...errors },
      },
    },
    ordersCache.handler(async (request) => listOrders(app.db, request.identity!, request.query)),
  );

  typed.get(
    '/customer-transactions/:id',
    {
      preValidation: requireGate(GATES.ordersTab),
      schema: {
        tags: ['payment'],
        summary: 'One order',
        params: orderParams,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getOrder(app.db, request.identity!, request.params.id) }),
  );

  typed.post(
    '/customer-transactions',
    {
      preValidation: requireGate(GATES.paymentRequest),
      schema: {
        tags: ['payment'],
        summary:
          'Create a payment request: a link the customer pays from their wallet (Idempotency-Key required)',
        headers: idempotencyHeaders,
        body: createPaymentRequestSchema,
        response: { 201: z.object({ data: paymentRequestSchema }), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const claim = idempotencyClaim(request, { now: app.clock() });
      const caller = {
        identity: request.identity!,
        ip: request.ip,
        now: app.clock(),
        settings: opts.settings,
      };
      await sendEngineAnswer(reply, await createPaymentRequest(app.db, caller, request.body, claim));
    },
  );

  for (const kind of ['full', 'partial'] as const) {
    typed.post(
      `/:id/${kind}-refund`,
      {
        preValidation: requireGate(GATES.issueRefund),
        schema: {
          tags: ['payment'],
          summary:
            kind === 'full'
              ? "Refund what is left of a paid order to the customer's wallet (Idempotency-Key required)"
              : "Refund part of a paid order to the customer's wallet (Idempotency-Key required)",
          params: orderParams,
          headers: idempotencyHeaders,
          body: REFUND_REQUEST_SCHEMAS[kind],
          response: { 201: refundResponseSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const claim = idempotencyClaim(request, { now: app.clock() });
        const caller = { identity: request.identity!, ip: request.ip, now: app.clock() };
        const outcome = await refundOrder(
          app.db,
          app.ledger,
          caller,
          request.params.id,
          kind,
          request.body,
          claim,
        );
        await sendEngineAnswer(reply, outcome);
      },
    );
  }

  typed.get(
    '/refund-transactions',
    {
      preValidation: requireGate(GATES.refundsTab),
      preHandler: refundsCache.preHandler,
      schema: {
        tags: ['payment'],
        summary: 'Refunds issued',
        querystring: refundsQuerySchema,
        response: { 200: refundsListSchema, ...errors },
      },
    },
    refundsCache.handler(async (request) =>
      listRefunds(app.db, request.identity!.merchant_id, request.query),
    ),
  );

  // The customer's pay page (`/pay/{code}`): the link is public, paying and declining need the
  // customer's own sign-in. No staff session is involved.
  typed.get(
    '/pay/:code',
    {
      schema: {
        tags: ['payment'],
        summary: "A payment request as the customer's pay page shows it (public)",
        params: payParams,
        response: { 200: payLinkResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await readPayLink(app.db, request.params.code, app.clock()) }),
  );

  typed.post(
    '/pay/:code',
    {
      preValidation: customer,
      schema: {
        tags: ['payment'],
        summary: 'The signed-in customer pays the request from their J$ wallet (Idempotency-Key required)',
        params: payParams,
        headers: idempotencyHeaders,
        response: { 200: payLinkResponseSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const consumer = request.consumer!;
      const claim = idempotencyClaim(request, { now: app.clock(), owner: `consumer:${consumer.id}` });
      const { code } = request.params;
      const outcome = await payPayLink(app.db, app.ledger, consumer, code, claim, app.clock(), request.ip);
      await sendEngineAnswer(reply, outcome);
    },
  );

  typed.post(
    '/pay/:code/decline',
    {
      preValidation: customer,
      schema: {
        tags: ['payment'],
        summary: 'The signed-in customer declines the request',
        params: payParams,
        response: { 200: payLinkResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await declinePayLink(app.db, request.consumer!, request.params.code, app.clock(), request.ip),
    }),
  );
}
