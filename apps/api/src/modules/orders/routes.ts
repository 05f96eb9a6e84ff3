import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@lynk/contract/errors';
import {
  createPaymentRequestSchema,
  orderIdSchema,
  orderResponseSchema,
  ordersListSchema,
  ordersQuerySchema,
  paymentRequestSchema,
  refundRequestSchema,
  refundResponseSchema,
  refundsListSchema,
  refundsQuerySchema,
} from '@lynk/contract/orders';
import { GATES } from '@lynk/contract/permissions';
import { idempotencyClaim, sendEngineAnswer } from '../../lib/idempotency.ts';
import { requireGate } from '../../plugins/auth.ts';
import {
  createPaymentRequest,
  getOrder,
  listOrders,
  listRefunds,
  refundOrder,
  type OrderSettings,
} from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() });
const orderParams = z.object({ id: orderIdSchema });

/** The payment back end's orders and refunds (`/api/payment`). Every query is scoped by merchant. */
export async function orderRoutes(app: FastifyInstance, opts: { settings: OrderSettings }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/customer-transactions',
    {
      preValidation: requireGate(GATES.ordersTab),
      schema: {
        tags: ['payment'],
        summary: 'Orders (a cashier who may read only their own orders gets theirs)',
        querystring: ordersQuerySchema,
        response: { 200: ordersListSchema, ...errors },
      },
    },
    async (request) => listOrders(app.db, request.identity!, request.query),
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
      const claim = idempotencyClaim(request)!;
      const caller = { identity: request.identity!, now: new Date(), settings: opts.settings };
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
          body: refundRequestSchema,
          response: { 201: refundResponseSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const claim = idempotencyClaim(request)!;
        const caller = { identity: request.identity!, ip: request.ip, now: new Date() };
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
      schema: {
        tags: ['payment'],
        summary: 'Refunds issued',
        querystring: refundsQuerySchema,
        response: { 200: refundsListSchema, ...errors },
      },
    },
    async (request) => listRefunds(app.db, request.identity!.merchant_id, request.query),
  );
}
